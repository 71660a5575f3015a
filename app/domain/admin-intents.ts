/**
 * Every back-office action, by the screen whose route answers it (the field
 * `intent` of the posted form). The dashboard's approve and reject buttons post
 * to the parks and attractions screens; the reviews views of those screens post
 * review deletions to the ratings screen. The access test
 * (tests/integration/admin-access.test.ts) calls each of them as a visitor, a
 * member and a suspended member.
 */
export const ADMIN_INTENTS = {
  parks: ["approve", "reject", "update", "delete"],
  attractions: ["approve", "reject", "update", "delete"],
  users: ["suspend", "reactivate", "delete"],
  ratings: ["delete"],
  comments: ["resolve", "dismiss"],
  suggestions: ["approve", "reject"],
  settings: ["general", "notifications"],
} as const;

export type AdminScreenWithActions = keyof typeof ADMIN_INTENTS;
export type AdminIntent<Screen extends AdminScreenWithActions> = (typeof ADMIN_INTENTS)[Screen][number];

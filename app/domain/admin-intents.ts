/**
 * Every back-office action, by the route module that answers it
 * (app/routes/admin/<screen>.tsx; the members' screen keeps its address,
 * /admin/users). Each route's intent table (app/server/http/dispatch-intent.ts)
 * has one handler per intent listed here, and reads it from the posted form's
 * `intent` field. The dashboard's approve and reject buttons post
 * to the parks and attractions screens; the reviews views of those screens post
 * review deletions to the ratings screen. The access test
 * (tests/integration/admin-access.test.ts) calls each of them as a visitor, a
 * member and a suspended member.
 */
export const ADMIN_INTENTS = {
  parks: ["approve", "reject", "update", "delete"],
  attractions: ["approve", "reject", "update", "delete", "setContinues", "clearContinues"],
  members: ["suspend", "reactivate", "delete"],
  ratings: ["delete"],
  comments: ["resolve", "dismiss"],
  suggestions: ["approve", "reject"],
  settings: ["general", "notifications"],
} as const;

export type AdminScreenWithActions = keyof typeof ADMIN_INTENTS;
export type AdminIntent<Screen extends AdminScreenWithActions> = (typeof ADMIN_INTENTS)[Screen][number];

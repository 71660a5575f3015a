import type { FieldsOf, ValuesOf } from "./catalogue-field";
import { isUuid } from "./ids";
import { MODERATION_STATUSES, type ModerationStatus } from "./moderation";
import type { ParkFields } from "./park-fields";

/**
 * What the back office's park screen shows ("Gestion des parcs",
 * docs/rules/back-office.md#park-management): the shapes the server's queries answer and the components read.
 */
export type AdminParkRow = {
  id: string;
  name: string;
  slug: string;
  creatorName: string | null;
  createdAt: string;
  moderationStatus: ModerationStatus;
  rejectionReason: string | null;
};

/** The park as the edit form fills its fields: the declared fields that form holds (park-fields.ts). */
export type AdminParkDetail = { id: string } & ValuesOf<ParkFields, FieldsOf<ParkFields, "adminEdit">>;

/** One review in 'Avis pour {name}': its score is the mean of the sub-ratings it gives, to one decimal. */
export type AdminParkReview = {
  id: string;
  username: string | null;
  score: number;
  comment: string | null;
  /** Hidden from the public pages by auto-moderation (decision 0017). */
  hidden: boolean;
  createdAt: string;
};

/** The screen's three views, by the address: the list, `?edit=<id>`, `?reviews=<id>`. */
export type AdminParksView = { kind: "list" } | { kind: "edit"; id: string } | { kind: "reviews"; id: string };

export function readAdminParksView(params: URLSearchParams): AdminParksView {
  const edit = params.get("edit") ?? undefined;
  if (isUuid(edit)) return { kind: "edit", id: edit };
  const reviews = params.get("reviews") ?? undefined;
  if (isUuid(reviews)) return { kind: "reviews", id: reviews };
  return { kind: "list" };
}

/** A status filter from the address; anything else reads as "every status". */
export function readStatusFilter(params: URLSearchParams): ModerationStatus | null {
  return MODERATION_STATUSES.find((status) => status === params.get("status")) ?? null;
}

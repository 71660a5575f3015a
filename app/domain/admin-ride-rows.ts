import type { RideStatus, RideTypeName } from "./ride-types";
import type { FieldsOf, ValuesOf } from "./catalogue-field";
import type { KeysetPage } from "./admin-paging";
import type { ModerationStatus } from "./moderation";
import type { RideFields } from "./ride-fields";

/**
 * What the back office's "Gestion des attractions" screen shows (docs/rules/back-office.md#ride-management):
 * a list row, a review of one ride, and the values of the edit form. Declared
 * here because the screen's components read them and never import app/server.
 */
export type AdminRideRow = {
  id: string;
  name: string;
  slug: string;
  parkName: string;
  parkSlug: string;
  type: RideTypeName;
  /** The author's username; null once their account is gone. */
  creator: string | null;
  createdAt: string;
  moderationStatus: ModerationStatus;
};

export type AdminRideReview = {
  id: string;
  username: string;
  rating: number;
  audienceType: "thrill" | "kids" | "general";
  comment: string | null;
  /** Hidden from the public pages by auto-moderation (decision 0017). */
  hidden: boolean;
  createdAt: string;
};

/** The ride as the edit form fills its fields: the declared fields that form holds (ride-fields.ts). */
export type AdminRideEdit = { id: string } & ValuesOf<RideFields, FieldsOf<RideFields, "adminEdit">>;

/** A ride and the ride it continues, if any (docs/rules/back-office.md#ride-relocation). */
export type AdminRideLine = { id: string; name: string; parkName: string; continues: { name: string; parkName: string } | null };

/** A ride of another park found by the relocation view's search: one the ride may be said to continue. */
export type AdminRelocationCandidate = { id: string; name: string; parkName: string; status: RideStatus };

/** How many rides the relocation view's search shows at most: a name narrows it down, no paging. */
export const RELOCATION_CANDIDATES = 10;

/**
 * The screen's four views, chosen by the address: the list, `?edit=<id>` (which names the ride it continues, if any),
 * `?reviews=<id>` and `?continues=<id>` (the ride it continues, with the rides of other parks its search `q` found;
 * null when nothing was searched yet).
 */
export type AdminRidesView =
  | { view: "list"; now: string; page: KeysetPage<AdminRideRow> }
  | { view: "edit"; now: string; attraction: AdminRideEdit; continues: AdminRideLine["continues"]; types: RideTypeName[] | null }
  | { view: "reviews"; now: string; attraction: { id: string; name: string }; page: KeysetPage<AdminRideReview> | null }
  | { view: "continues"; now: string; attraction: AdminRideLine; candidates: AdminRelocationCandidate[] | null };

import type { AdminRidesView } from "~/domain/admin-ride-rows";
import { RideEditForm } from "./ride-edit-form";
import { RideList } from "./ride-list";
import { RideRelocation } from "./ride-relocation";
import { RideReviews } from "./ride-reviews";

/**
 * "Gestion des attractions" (docs/rules/back-office.md#ride-management): the list, or in its place the edit form, a
 * ride's reviews or the ride it continues.
 */
export function RidesScreen({ data }: { data: AdminRidesView }) {
  if (data.view === "edit") return <RideEditForm key={data.attraction.id} attraction={data.attraction} continues={data.continues} types={data.types} />;
  if (data.view === "reviews") return <RideReviews attraction={data.attraction} page={data.page} now={data.now} />;
  if (data.view === "continues") return <RideRelocation key={data.attraction.id} attraction={data.attraction} candidates={data.candidates} />;
  return <RideList page={data.page} now={data.now} />;
}

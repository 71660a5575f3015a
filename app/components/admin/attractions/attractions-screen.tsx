import type { AdminAttractionsView } from "~/domain/admin-attraction-rows";
import { AttractionEditForm } from "./attraction-edit-form";
import { AttractionList } from "./attraction-list";
import { AttractionReviews } from "./attraction-reviews";

/** "Gestion des attractions" (docs/rules/back-office.md#ride-management): the list, or in its place the edit form or a ride's reviews. */
export function AttractionsScreen({ data }: { data: AdminAttractionsView }) {
  if (data.view === "edit") return <AttractionEditForm key={data.attraction.id} attraction={data.attraction} types={data.types} />;
  if (data.view === "reviews") return <AttractionReviews attraction={data.attraction} page={data.page} now={data.now} />;
  return <AttractionList page={data.page} now={data.now} />;
}

import { isUuid } from "~/domain/ids";
import { DUPLICATE_CHECK_MIN_LENGTH, PARK_NAME_MAX } from "~/domain/contribution-limits";
import { isParkNameTaken } from "~/server/contributions/park-names";
import type { Route } from "./+types/api.park-name";

/**
 * The park form's live duplicate-name check (docs/rules/catalogue.md#duplicate-park-names): from 3
 * characters, case-insensitive, optionally excluding the park being edited.
 * For members only, who are the ones filling the form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  if (!context.currentUser) return Response.json({ exists: false }, { status: 401, headers });
  const url = new URL(request.url);
  const name = (url.searchParams.get("name") ?? "").trim();
  const exclude = url.searchParams.get("exclude");
  if (name.length < DUPLICATE_CHECK_MIN_LENGTH || name.length > PARK_NAME_MAX) return Response.json({ exists: false }, { headers });
  const exists = await isParkNameTaken(context.db, name, exclude && isUuid(exclude) ? exclude : undefined);
  return Response.json({ exists }, { headers });
}

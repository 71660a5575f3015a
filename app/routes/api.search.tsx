import { searchSuggestions } from "~/server/catalog/search";
import type { Route } from "./+types/api.search";

/** GET /api/search?q=…: the suggestions of the home search box, public and briefly cacheable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const text = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  const suggestions = await searchSuggestions(context.db, text);
  return Response.json(suggestions, { headers: { "Cache-Control": "public, max-age=60" } });
}

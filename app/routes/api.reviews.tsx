import { isUuid } from "~/domain/ids";
import { REVIEW_CURSOR_PARAM, REVIEW_PAGES_MAX, type ReviewPageAnswer } from "~/domain/review-paging";
import type { ReviewBase } from "~/domain/reviews";
import { findVisibleRideSlugsById, findVisibleParkSlugById } from "~/server/catalog/park-queries";
import { requestT } from "~/server/i18n";
import { decodeRideCursor, decodeParkCursor } from "~/server/ratings/review-cursor";
import { listRideReviews, listParkReviews } from "~/server/ratings/review-queries";
import type { Route } from "./+types/api.reviews";

/**
 * GET /api/reviews/park/:id?avis=<cursor>[&pages=n] and /api/reviews/attraction/:id?…:
 * the reviews after the cursor, as the park or ride page would list them for
 * this viewer (their own votes and reports marked, their own review left out:
 * the page shows it first), `{ reviews, next }`; what 'Voir plus d'avis' adds
 * in place (decision 0027). A missing or malformed cursor or page count is a
 * 400, a park or ride the viewer cannot see a 404, both `{ error }` with a
 * translated message. A visitor's answer is the same for every visitor, so
 * shared caches may keep it a minute, as they keep anonymous pages
 * (decision 0012); a member's is theirs alone.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const t = requestT(request);
  const viewer = context.currentUser;
  const headers = {
    "Cache-Control": viewer ? "private, no-store" : "public, max-age=0, must-revalidate, s-maxage=60",
    Vary: "Cookie, Accept-Language",
  };
  const answer = (body: ReviewPageAnswer<ReviewBase>, status = 200) => Response.json(body, { status, headers });
  const search = new URL(request.url).searchParams;
  const pagesParam = search.get("pages") ?? "1";
  const pages = /^\d{1,2}$/.test(pagesParam) ? Number(pagesParam) : 0;
  const cursorParam = search.get(REVIEW_CURSOR_PARAM) ?? "";
  const badRequest = () => answer({ error: t("ratings.reviews.badCursor") }, 400);
  if (pages < 1 || pages > REVIEW_PAGES_MAX) return badRequest();

  if (params.kind === "park") {
    const cursor = decodeParkCursor(cursorParam);
    if (!cursor) return badRequest();
    if (!isUuid(params.id) || !(await findVisibleParkSlugById(context.db, params.id, viewer))) return answer({ error: t("park.notFound") }, 404);
    return answer(await listParkReviews(context.db, params.id, viewer, { cursor, pages }));
  }
  if (params.kind === "attraction") {
    const cursor = decodeRideCursor(cursorParam);
    if (!cursor) return badRequest();
    if (!isUuid(params.id) || !(await findVisibleRideSlugsById(context.db, params.id, viewer))) {
      return answer({ error: t("attraction.notFound") }, 404);
    }
    return answer(await listRideReviews(context.db, params.id, viewer, { cursor, pages }));
  }
  return answer({ error: t("errors.notFoundBody") }, 404);
}

import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { readReviewKind } from "~/domain/admin-reviews";
import { ReviewsScreen } from "~/components/admin/ratings/reviews-screen";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { listReviews } from "~/server/admin/admin-reviews";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { deleteReview } from "~/server/admin/review-deletion";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import type { Route } from "./+types/ratings";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date().toISOString();
  try {
    const page = await listReviews(context.db, { search: readSearchText(params), type: readReviewKind(params), page: readPageRequest(params) });
    return { page, now, failed: false };
  } catch (error) {
    context.logger.error({ err: error }, "admin reviews not loaded");
    return { page: { rows: [], older: null, newer: null }, now, failed: true };
  }
}

/** Review deletion, also posted by the reviews views of the parks and rides screens. */
export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const admin = requireAdmin(request, context);
  const handlers: IntentHandlers<AdminIntent<"ratings">, PostedIntent, PageAnswer<AdminAnswer>> = {
    delete: async ({ intent, form }) => {
      const { text } = await form();
      const outcome = await deleteReview(context, admin, text("type"), text("id"));
      return outcome.ok ? { ok: true, intent } : adminRefusal(intent, outcome.reason, outcome.error);
    },
  };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.ratings.title"));
}

export default function AdminRatings({ loaderData }: Route.ComponentProps) {
  return <ReviewsScreen page={loaderData.page} now={loaderData.now} failed={loaderData.failed} />;
}

export const ErrorBoundary = routeErrorBoundary();

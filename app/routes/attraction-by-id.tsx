import { data, redirect } from "react-router";
import { isUuid } from "~/domain/ids";
import { localizedPath } from "~/domain/languages";
import { findVisibleRideSlugsById } from "~/server/catalog/park-queries";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/attraction-by-id";
import { routeErrorBoundary } from "~/components/route-error-boundary";

/** /attractions/{id}/… always moves to the attraction's canonical slug address. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slugs = isUuid(params.id) ? await findVisibleRideSlugsById(context.db, params.id, context.currentUser) : null;
  if (!slugs) throw data(requestT(request)("attraction.notFound"), { status: 404 });
  return redirect(localizedPath(requestLanguage(request), `/${slugs.parkSlug}/${slugs.rideSlug}`), 301);
}

/** A page, not a resource route: a miss renders the translated error page. */
export default function RedirectOnly() {
  return null;
}

export const ErrorBoundary = routeErrorBoundary();

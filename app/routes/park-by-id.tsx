import { data, redirect } from "react-router";
import { isUuid } from "~/domain/ids";
import { localizedPath } from "~/domain/languages";
import { findVisibleParkSlugById } from "~/server/catalog/park-queries";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import type { Route } from "./+types/park-by-id";
import { routeErrorBoundary } from "~/components/route-error-boundary";

/** /parks/{id}/{slug?} always moves to the park's canonical slug address. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const slug = isUuid(params.id) ? await findVisibleParkSlugById(context.db, params.id, context.currentUser) : null;
  if (!slug) throw data(requestT(request)("park.notFound"), { status: 404 });
  return redirect(localizedPath(requestLanguage(request), `/${slug}`), 301);
}

/** A page, not a resource route: a miss renders the translated error page. */
export default function RedirectOnly() {
  return null;
}

export const ErrorBoundary = routeErrorBoundary();

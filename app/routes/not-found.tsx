import { data } from "react-router";
import { requestT } from "~/server/i18n";
import type { Route } from "./+types/not-found";
import { routeErrorBoundary } from "~/components/route-error-boundary";

/** Any unknown address: a translated 404 page from the root error boundary. */
export async function loader({ request }: Route.LoaderArgs) {
  throw data(requestT(request)("errors.notFoundTitle"), { status: 404 });
}

export default function NotFound() {
  return null;
}

export const ErrorBoundary = routeErrorBoundary();

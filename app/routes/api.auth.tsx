import type { Route } from "./+types/api.auth";

/**
 * better-auth's endpoints, served by its own handler so that its origin check,
 * rate limits and plugins run on every call (NOTES.md).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return context.auth.handler(request);
}

import { AUTH_BASE_PATH } from "~/server/auth/auth";
import type { Route } from "./+types/api.auth";

/**
 * better-auth endpoints that change an account in ways our own actions rule
 * over (sign-up's captcha and username rules, the account page's username,
 * e-mail, confirmation resend and deletion rules). Our actions reach them through the handler
 * itself (callAuth); from outside they do not exist.
 */
const CLOSED_FROM_OUTSIDE = new Set(["/sign-up/email", "/update-user", "/change-email", "/send-verification-email", "/delete-user"]);

function isClosed(request: Request): boolean {
  const raw = new URL(request.url).pathname.slice(AUTH_BASE_PATH.length);
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return true; // A malformed escape reaches no endpoint of ours.
  }
  // However the path is spelled (case, doubled or trailing slashes), a closed endpoint stays closed.
  return CLOSED_FROM_OUTSIDE.has(path.toLowerCase().replace(/\/{2,}/g, "/").replace(/\/+$/, ""));
}

/**
 * better-auth's endpoints, served by its own handler so that its origin check,
 * rate limits and plugins run on every call (NOTES.md).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (isClosed(request)) return new Response(null, { status: 404 });
  return context.auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  if (isClosed(request)) return new Response(null, { status: 404 });
  return context.auth.handler(request);
}

import type { RefusalReason } from "~/domain/outcome";
import type { AppLoadContext } from "~/server/load-context";
import { AUTH_BASE_PATH } from "./auth";

export type AuthCallResult = {
  /** better-auth's status, for the logs; services read `ok` and `refusal`. */
  status: number;
  ok: boolean;
  /** Why better-auth refused, in our words (decision 0053); null when it answered ok. */
  refusal: RefusalReason | null;
  /** The JSON body better-auth answered, if any. */
  body: Record<string, unknown> | null;
  /** Cookies to pass on to the browser. */
  setCookies: string[];
  /** Seconds to wait, when better-auth refused for too many requests (its own limit says X-Retry-After). */
  retryAfter: string | null;
};

/**
 * Calls a better-auth endpoint from one of our form actions *through its HTTP
 * handler*, with the browser's own headers (cookies, origin, client address),
 * so that its origin check, rate limits and plugins run exactly as for a
 * direct call (NOTES.md: auth.api.* would skip them).
 */
export async function callAuth(
  context: AppLoadContext,
  request: Request,
  path: string,
  body?: Record<string, unknown>,
): Promise<AuthCallResult> {
  return forward(context, request, path, JSON.stringify(body ?? {}));
}

/** The same for better-auth's GET endpoints (a link's token, say), the query in `path`. */
export function callAuthGet(context: AppLoadContext, request: Request, path: string): Promise<AuthCallResult> {
  return forward(context, request, path, null);
}

async function forward(context: AppLoadContext, request: Request, path: string, body: string | null): Promise<AuthCallResult> {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  if (body === null) headers.delete("content-type");
  else headers.set("content-type", "application/json");
  headers.set("accept", "application/json");
  const response = await context.auth.handler(
    new Request(new URL(`${AUTH_BASE_PATH}${path}`, context.config.publicUrl), {
      method: body === null ? "GET" : "POST",
      headers,
      body,
    }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    // Some endpoints answer with an empty or non-JSON body; the status is what counts then.
    parsed = null;
  }
  return {
    status: response.status,
    ok: response.ok,
    refusal: response.ok ? null : refusalOf(response.status),
    body: parsed,
    setCookies: response.headers.getSetCookie(),
    retryAfter: response.headers.get("Retry-After") ?? response.headers.get("X-Retry-After"),
  };
}

/** better-auth's refusals as the services name them: its rate limit, a suspension, its own failures, the rest the caller's input. */
function refusalOf(status: number): RefusalReason {
  if (status === 429) return "tooMany";
  if (status === 403) return "forbidden";
  return status >= 500 ? "failed" : "invalid";
}

/** Headers carrying better-auth's cookies on our own response. */
export function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

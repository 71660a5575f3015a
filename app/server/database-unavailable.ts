import { requestLanguage } from "./language";
import { requestT } from "./i18n";

/** When a browser or client should try again: PostgreSQL restarting takes seconds, not minutes. */
export const RETRY_AFTER_SECONDS = 5;

export type UnavailableAnswer = { status: 503; headers: Record<string, string>; body: string };

/**
 * What every request gets while the database cannot be reached (decision
 * 0026): a 503 with Retry-After — a small translated page that reloads itself
 * after that delay, or a JSON error on /api/ — built without the database,
 * React or the layout, since all of them may need what is missing.
 */
export function databaseUnavailableAnswer(request: Request): UnavailableAnswer {
  const t = requestT(request);
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  if (new URL(request.url).pathname.startsWith("/api/")) {
    return { status: 503, headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ error: t("errors.unavailableBody") }) };
  }
  const page = `<!doctype html>
<html lang="${requestLanguage(request)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><meta name="robots" content="noindex">
<title>${t("errors.unavailableTitle")} — Parcours</title></head>
<body><main><h1>${t("errors.unavailableTitle")}</h1><p>${t("errors.unavailableBody")}</p></main></body>
</html>`;
  return { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" }, body: page };
}

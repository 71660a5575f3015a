import { rideLogCsv, rideLogExport, rideLogExportFileName } from "~/domain/ride-log-export";
import { readRideLogExport } from "~/server/ride-log/ride-log-export";
import type { Route } from "./+types/api.ride-log-export";

/**
 * The signed-in member's whole ride log as a download (docs/rules/ride-log.md#import-and-export):
 * /api/ride-log/export.csv and /api/ride-log/export.json, both this module (app/routes.ts), the address's
 * extension choosing the format. A visitor gets a 401 in JSON, as the log's other address answers. Never cached: it
 * is personal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.currentUser;
  if (!user) {
    return Response.json({ ok: false, error: "rideLog.errors.unauthenticated" }, { status: 401, headers: { "Cache-Control": "private, no-store" } });
  }
  const format = new URL(request.url).pathname.endsWith(".csv") ? "csv" : "json";
  const now = new Date();
  const entries = await readRideLogExport(context.db, user.id);
  const body = format === "csv" ? rideLogCsv(entries) : `${JSON.stringify(rideLogExport(entries, now), null, 2)}\n`;
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${rideLogExportFileName(user.username, format, now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { accountExportFileName, exportAccountData } from "~/server/accounts/export-account-data";
import { requireUser } from "~/server/auth/guards";
import type { Route } from "./+types/api.account-export";

/**
 * "Exporter mes données": the signed-in member's own data as a JSON download
 * (visitors go to the login page). Never cached: it is personal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const exported = await exportAccountData(context.db, user.id);
  if (!exported) throw new Response("Not found", { status: 404 });
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${accountExportFileName(exported.profile.username)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

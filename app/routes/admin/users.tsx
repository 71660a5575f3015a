import type { AdminAnswer } from "~/domain/admin-answers";
import { isAdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { readMemberStatus } from "~/domain/admin-users";
import { MembersScreen } from "~/components/admin/users/members-screen";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { listMembers } from "~/server/admin/admin-members";
import { adminRefusal, readAdminForm, unknownIntent } from "~/server/admin/admin-request";
import { deleteMemberAsAdmin, reactivateMemberAsAdmin, suspendMemberAsAdmin } from "~/server/admin/member-moderation";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/page-answer";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  return listMembers(context.db, context.config, admin, {
    search: readSearchText(params),
    status: readMemberStatus(params),
    // Members' ids are better-auth's text ids, not uuids.
    page: readPageRequest(params, "text"),
  });
}

export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const { admin, intent, text } = await readAdminForm(request, context);
  if (!isAdminIntent("users", intent)) return unknownIntent(intent);
  const outcome =
    intent === "suspend"
      ? await suspendMemberAsAdmin(context, admin, text("id"), text("reason"))
      : intent === "reactivate"
        ? await reactivateMemberAsAdmin(context, admin, text("id"))
        : await deleteMemberAsAdmin(context, admin, text("id"));
  return outcome.ok ? { ok: true, intent } : adminRefusal(intent, outcome.status, outcome.error);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.users.title"));
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return <MembersScreen page={loaderData} />;
}

export const ErrorBoundary = routeErrorBoundary();

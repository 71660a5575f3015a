import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminIntent } from "~/domain/admin-intents";
import { readPageRequest, readSearchText } from "~/domain/admin-paging";
import { readMemberStatus } from "~/domain/admin-users";
import { MembersScreen } from "~/components/admin/users/members-screen";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { listMembers } from "~/server/admin/admin-members";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { deleteMemberAsAdmin, reactivateMemberAsAdmin, suspendMemberAsAdmin, type ModerationOutcome } from "~/server/admin/member-moderation";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import type { Route } from "./+types/members";

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
  const admin = requireAdmin(request, context);
  const answered = (intent: string, outcome: ModerationOutcome): PageAnswer<AdminAnswer> => (outcome.ok ? { ok: true, intent } : adminRefusal(intent, outcome.reason, outcome.error));
  const handlers: IntentHandlers<AdminIntent<"members">, PostedIntent, PageAnswer<AdminAnswer>> = {
    suspend: async ({ intent, form }) => {
      const { text } = await form();
      return answered(intent, await suspendMemberAsAdmin(context, admin, text("id"), text("reason")));
    },
    reactivate: async ({ intent, form }) => answered(intent, await reactivateMemberAsAdmin(context, admin, (await form()).text("id"))),
    delete: async ({ intent, form }) => answered(intent, await deleteMemberAsAdmin(context, admin, (await form()).text("id"))),
  };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.users.title"));
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  return <MembersScreen page={loaderData} />;
}

export const ErrorBoundary = routeErrorBoundary();

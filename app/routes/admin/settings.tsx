import { GeneralSettingsCard, NotificationSettingsCard } from "~/components/admin/settings/settings-cards";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminIntent } from "~/domain/admin-intents";
import type { AdminSettingsView } from "~/domain/admin-settings-form";
import { useTranslation } from "~/i18n/translation-context";
import { adminRefusal, unknownAdminIntent } from "~/server/http/admin-refusal";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import { readAdminSettings, saveSettings, type SettingsCard } from "~/server/admin/admin-settings";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/http/page-answer";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const settings: AdminSettingsView = await readAdminSettings(context.db);
  return { settings };
}

export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const admin = requireAdmin(request, context);
  const saving =
    (card: SettingsCard) =>
    async ({ intent, form }: PostedIntent): Promise<PageAnswer<AdminAnswer>> => {
      const values: Record<string, string> = {};
      for (const [name, value] of (await form()).data) if (typeof value === "string") values[name] = value;
      const saved = await saveSettings(context.db, context.logger, admin, card, values);
      if (saved.ok) return { ok: true, intent };
      const first = Object.values(saved.errors).flat()[0] ?? { key: "admin.settings.saveFailed" as const };
      return adminRefusal(intent, saved.reason, first, saved.reason === "invalid" ? saved.errors : undefined);
    };
  const handlers: IntentHandlers<AdminIntent<"settings">, PostedIntent, PageAnswer<AdminAnswer>> = {
    general: saving("general"),
    notifications: saving("notifications"),
  };
  return dispatchIntent(request, handlers, unknownAdminIntent);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("admin.sections.settings"));
}

export default function AdminSettingsScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold">{t("admin.sections.settings")}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <GeneralSettingsCard settings={settings} />
        <NotificationSettingsCard settings={settings} />
      </div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();

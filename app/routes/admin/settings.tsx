import { data } from "react-router";
import { GeneralSettingsCard, NotificationSettingsCard } from "~/components/admin/settings/settings-cards";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import type { AdminAnswer } from "~/domain/admin-answers";
import { isAdminIntent } from "~/domain/admin-intents";
import type { AdminSettingsView } from "~/domain/admin-settings-form";
import { useTranslation } from "~/i18n/translation-context";
import { readAdminForm, unknownIntent } from "~/server/admin/admin-request";
import { readAdminSettings, saveGeneralSettings, saveNotificationSettings } from "~/server/admin/admin-settings";
import { requireAdmin } from "~/server/auth/guards";
import type { PageAnswer } from "~/server/page-answer";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const settings: AdminSettingsView = await readAdminSettings(context.db);
  return { settings };
}

export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<AdminAnswer>> {
  const { admin, intent, form } = await readAdminForm(request, context);
  if (!isAdminIntent("settings", intent)) return unknownIntent(intent);
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const save = intent === "general" ? saveGeneralSettings : saveNotificationSettings;
  const saved = await save(context.db, context.logger, admin, values);
  if (saved.ok) return { ok: true, intent };
  const first = Object.values(saved.errors).flat()[0] ?? { key: "admin.settings.saveFailed" as const };
  return data({ ok: false, intent, error: first, fields: saved.status === 400 ? saved.errors : undefined }, { status: saved.status });
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

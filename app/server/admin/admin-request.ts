import { data, type AppLoadContext } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { requireAdmin } from "../auth/guards";
import type { PageAnswer } from "../page-answer";
import { readForm } from "../read-form";

export type AdminForm = { admin: CurrentUser; intent: string; form: FormData; text: (name: string) => string };

/**
 * The start of every back-office action: the administrator role, checked here
 * and not by the layout (a layout's loader does not run before a child's
 * action), then the posted form and its intent. Visitors are redirected to
 * /login and members refused with 403 before the body is even read.
 */
export async function readAdminForm(request: Request, context: AppLoadContext): Promise<AdminForm> {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { admin, form, intent: text("intent"), text };
}

/** A refusal as the screens read it, with its HTTP status. */
export function adminRefusal(intent: string, status: 400 | 403 | 404 | 409 | 500, error: FieldMessage): PageAnswer<AdminAnswer> {
  return data({ ok: false, intent, error } satisfies AdminAnswer, { status });
}

/** An intent the screen does not offer: a bad request, nothing done. */
export function unknownIntent(intent: string): PageAnswer<AdminAnswer> {
  return adminRefusal(intent, 400, { key: "errors.badRequest" });
}

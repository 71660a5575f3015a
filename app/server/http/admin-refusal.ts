import type { AdminAnswer } from "~/domain/admin-answers";
import type { FieldMessage, FieldMessages } from "~/domain/form-values";
import type { RefusalReason } from "~/domain/outcome";
import type { PageAnswer } from "./page-answer";
import { refused } from "./refusal-status";

/** A back-office refusal as the screens read it, with its reason's status (decision 0053). */
export function adminRefusal(intent: string, reason: RefusalReason, error: FieldMessage, fields?: FieldMessages): PageAnswer<AdminAnswer> {
  return refused({ ok: false, intent, error, ...(fields ? { fields } : {}) } satisfies AdminAnswer, reason);
}

/** An intent the screen does not offer: a bad request, nothing done. */
export function unknownAdminIntent(intent: string): PageAnswer<AdminAnswer> {
  return adminRefusal(intent, "invalid", { key: "errors.badRequest" });
}

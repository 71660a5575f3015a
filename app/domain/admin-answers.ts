import type { FieldMessage, FieldMessages } from "./form-values";

/**
 * What every back-office action answers (the screens' fetchers read it): done,
 * or refused with a message — a permission, a reason left empty, an item no
 * longer in the state the screen showed (`admin.errors.stale`), a failure —
 * and, for the edit forms, messages per field. A refused action changed nothing.
 */
export type AdminAnswer = { ok: true; intent: string } | { ok: false; intent: string; error: FieldMessage; fields?: FieldMessages };

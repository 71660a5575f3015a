import type { FieldMessages } from "~/domain/form-values";

/**
 * What saving a rating gives the page: the rating's id and whether it was new,
 * or why not (decision 0053) with messages per field; "tooLarge" is a photo over 10 MB.
 */
export type SaveRatingOutcome<Field extends string> =
  | { ok: true; created: boolean; id: string }
  | { ok: false; reason: "invalid" | "forbidden" | "notFound" | "conflict" | "tooLarge" | "tooMany" | "failed"; errors: FieldMessages<Field> };

import type { FieldMessage } from "~/domain/form-values";
import type { Executor } from "../db/database";
import { hasWriteAllowance, WRITE_LIMITS, type WriteLimits } from "../allowances/write-limits";

/** The writes whose form may carry a picture and whose allowance is the member's own kind of write. */
type UploadWrite = "park" | "attraction" | "suggestion";

type AllowanceRefusal = { ok: false; reason: "tooMany"; error: FieldMessage };

const SPENT: Record<UploadWrite, FieldMessage> = {
  park: { key: "contribute.errors.tooManyParks" },
  attraction: { key: "contribute.errors.tooManyAttractions" },
  suggestion: { key: "suggestions.errors.tooMany" },
};

/** The refusal of a write of this kind once the member's allowance is spent. */
export function allowanceSpent(write: UploadWrite): AllowanceRefusal {
  return { ok: false, reason: "tooMany", error: SPENT[write] };
}

/**
 * A first look at the member's allowance, without counting, before anything
 * costly: the route asks before it reads the body (up to 51 MB), the service
 * again before it decodes and stores the picture, since a body takes seconds
 * to arrive. The write's transaction still decides (consumeWriteAllowance);
 * docs/decisions/0040.
 */
export async function allowanceRefusal(
  db: Executor,
  userId: string,
  write: UploadWrite,
  limits: WriteLimits = WRITE_LIMITS,
): Promise<AllowanceRefusal | null> {
  return (await hasWriteAllowance(db, userId, write, limits)) ? null : allowanceSpent(write);
}

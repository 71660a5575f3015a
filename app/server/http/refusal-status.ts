import { data } from "react-router";
import type { RefusalReason } from "~/domain/outcome";

/**
 * The one mapping from a service's refusal to the HTTP status its answer
 * carries (decision 0053). Services never name a status: a new reason gets its
 * status here, and every route answers it the same way.
 */
const STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  failed: 500,
  unavailable: 503,
} as const satisfies Record<RefusalReason, number>;

export function statusOf(reason: RefusalReason): number {
  return STATUS[reason];
}

/** A refusal's answer: what the page's form reads, with the reason's status. */
export function refused<T>(value: T, reason: RefusalReason, headers?: HeadersInit) {
  return data(value, { status: STATUS[reason], headers });
}

/**
 * Why a service refused, in the domain's words (decision 0053). Services answer
 * `{ ok: true, … }` or `{ ok: false, reason, … }`; the one place that turns a
 * reason into an HTTP status is app/server/http/refusal-status.ts.
 */
export type RefusalReason =
  /** The input breaks a rule, or is not something a form of ours sends. */
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "notFound"
  /** The target is no longer in the state the caller saw, or the value is taken. */
  | "conflict"
  | "tooLarge"
  /** An allowance or a rate limit is spent. */
  | "tooMany"
  /** Our fault: an unexpected error, logged where it happened. */
  | "failed"
  /** A service we depend on (mail, storage) is out of reach for now. */
  | "unavailable";


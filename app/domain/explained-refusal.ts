/**
 * A refusal page that says why and what to do, its words translated by the server that refused:
 * thrown as `data(refusal, { status: 403 })`, shown by the error boundary of the screen refused.
 */
export type ExplainedRefusal = { title: string; body: string; link: { href: string; label: string } };

export function isExplainedRefusal(value: unknown): value is ExplainedRefusal {
  if (typeof value !== "object" || value === null) return false;
  const { title, body, link } = value as Partial<Record<keyof ExplainedRefusal, unknown>>;
  if (typeof title !== "string" || typeof body !== "string" || typeof link !== "object" || link === null) return false;
  const { href, label } = link as Partial<Record<"href" | "label", unknown>>;
  return typeof href === "string" && typeof label === "string";
}

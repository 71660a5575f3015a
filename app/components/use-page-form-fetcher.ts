import { useActionData, useFetcher } from "react-router";

/**
 * The fetcher of a page's members' form, and its answer. The members' forms
 * are lazy chunks: a submit clicked before one has hydrated leaves as a native
 * POST and comes back as a whole page whose action data holds the answer the
 * fetcher would have had (errors or success). Reading both means that early
 * click is answered like any other instead of silently reloading the page.
 * `answerTo` names the form: its intent, and the review for the forms every
 * review repeats (votes, reports).
 */
export function usePageFormFetcher<Result extends { intent: string }>(answerTo: Pick<Result, "intent"> & { ratingId?: string }) {
  const fetcher = useFetcher<Result>();
  const actionData: unknown = useActionData();
  const documentAnswer = isAnswerTo(actionData, answerTo) ? (actionData as Result) : undefined;
  return { fetcher, result: fetcher.data ?? documentAnswer };
}

function isAnswerTo(value: unknown, answerTo: Record<string, string | undefined>): boolean {
  if (typeof value !== "object" || value === null) return false;
  const answer = value as Record<string, unknown>;
  return Object.entries(answerTo).every(([key, expected]) => expected === undefined || answer[key] === expected);
}

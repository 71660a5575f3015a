import { useActionData, useFetcher } from "react-router";

/**
 * The fetcher of a page's members' form, and its answer. The members' forms
 * are lazy chunks: a submit clicked before one has hydrated leaves as a native
 * POST and comes back as a whole page whose action data holds the answer the
 * fetcher would have had (errors or success). Reading both means that early
 * click is answered like any other instead of silently reloading the page.
 * `Answer` is the form's answer type from app/domain/page-answers.ts, the type
 * the page's action is declared to return; `answerTo` names the form: its
 * intent, and the review for the forms every review repeats (votes, reports).
 */
export function usePageFormFetcher<Answer extends { intent: string }>(answerTo: { intent: Answer["intent"]; ratingId?: string }) {
  const fetcher = useFetcher<Answer>();
  const documentAnswer = useDocumentAnswer<Answer>(answerTo);
  return { fetcher, result: fetcher.data ?? documentAnswer };
}

/** The answer a native POST of this form brought back with the whole page, if that is what the page shows. */
export function useDocumentAnswer<Answer extends { intent: string }>(answerTo: { intent: Answer["intent"]; ratingId?: string }): Answer | undefined {
  const actionData = useActionData();
  return isAnswerTo<Answer>(actionData, answerTo) ? actionData : undefined;
}

/**
 * The page's action data is any of its forms' answers: the one with this
 * form's intent (and review) is this form's, typed as the action declares it.
 */
function isAnswerTo<Answer>(value: unknown, answerTo: Record<string, string | undefined>): value is Answer {
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(answerTo).every(([key, expected]) => expected === undefined || Reflect.get(value, key) === expected);
}

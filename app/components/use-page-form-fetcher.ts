import { useActionData, useFetcher } from "react-router";

/**
 * The fetcher of a page's members' form, and its answer. The members' forms
 * are lazy chunks: a submit clicked before one has hydrated leaves as a native
 * POST and comes back as a whole page whose action data holds the answer the
 * fetcher would have had (errors or success). Reading both means that early
 * click is answered like any other instead of silently reloading the page.
 */
export function usePageFormFetcher<Result extends { intent: string }>(intent: Result["intent"]) {
  const fetcher = useFetcher<Result>();
  const actionData: unknown = useActionData();
  const documentAnswer = isAnswerTo<Result>(actionData, intent) ? actionData : undefined;
  return { fetcher, result: fetcher.data ?? documentAnswer };
}

function isAnswerTo<Result extends { intent: string }>(value: unknown, intent: string): value is Result {
  return typeof value === "object" && value !== null && "intent" in value && value.intent === intent;
}

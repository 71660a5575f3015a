import { useEffect, useState } from "react";
import { DUPLICATE_CHECK_MIN_LENGTH } from "~/domain/contribution-limits";

const DEBOUNCE_MS = 300;

/**
 * The live duplicate check of the park name (docs/rules/catalogue.md#duplicate-park-names): from 3
 * characters, asked to the server a moment after typing stops. A failed
 * check says nothing; the server checks again on submit.
 */
export function useParkNameCheck(name: string, excludeId?: string): boolean {
  const trimmed = name.trim();
  // The answer names the text it was for: once the name changes, an older answer no longer counts.
  const [answer, setAnswer] = useState<{ name: string; exists: boolean } | null>(null);
  useEffect(() => {
    if (trimmed.length < DUPLICATE_CHECK_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const query = new URLSearchParams({ name: trimmed, ...(excludeId ? { exclude: excludeId } : {}) });
      fetch(`/api/park-name?${query}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { exists: false }))
        .then((body: { exists: boolean }) => setAnswer({ name: trimmed, exists: body.exists }))
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, excludeId]);
  return answer?.name === trimmed && answer.exists;
}

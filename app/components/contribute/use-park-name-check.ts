import { useEffect, useState } from "react";
import { DUPLICATE_CHECK_MIN_LENGTH } from "~/domain/park-form";

const DEBOUNCE_MS = 300;

/**
 * The live duplicate check of the park name (public site §5): from 3
 * characters, asked to the server a moment after typing stops. A failed
 * check says nothing; the server checks again on submit.
 */
export function useParkNameCheck(name: string, excludeId?: string): boolean {
  const [exists, setExists] = useState(false);
  useEffect(() => {
    const trimmed = name.trim();
    if (trimmed.length < DUPLICATE_CHECK_MIN_LENGTH) {
      setExists(false);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const query = new URLSearchParams({ name: trimmed, ...(excludeId ? { exclude: excludeId } : {}) });
      fetch(`/api/park-name?${query}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : { exists: false }))
        .then((body: { exists: boolean }) => setExists(body.exists))
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [name, excludeId]);
  return exists;
}

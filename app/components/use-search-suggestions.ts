import { useEffect, useState } from "react";
import { SEARCH_MIN_LENGTH, type SearchSuggestions } from "~/domain/search";

const DEBOUNCE_MS = 150;

/**
 * The site's search suggestions (/api/search, docs/rules/catalogue.md#search-suggestions) for what is
 * typed: nothing under 2 characters, one request per pause in typing, the
 * previous request cancelled. A failed lookup keeps the last suggestions.
 */
export function useSearchSuggestions(text: string): SearchSuggestions | null {
  const [found, setFound] = useState<SearchSuggestions | null>(null);
  const tooShort = text.trim().length < SEARCH_MIN_LENGTH;
  // A text too short forgets the suggestions: typing on does not show them again before its own lookup.
  if (tooShort && found !== null) setFound(null);
  useEffect(() => {
    if (tooShort) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/api/search?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SearchSuggestions>) : Promise.reject(response.status)))
        .then(setFound)
        .catch(() => {
          // Aborted because typing went on, or failed: the last suggestions stay until the next lookup.
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, tooShort]);
  return found;
}

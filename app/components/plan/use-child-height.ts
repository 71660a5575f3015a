import { useSyncExternalStore } from "react";

const CHILD_HEIGHT_KEY = "parcours:child-height";

// Other tabs tell through "storage" events; this tab's own changes through these listeners.
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

const read = () => window.localStorage.getItem(CHILD_HEIGHT_KEY) ?? "";

/**
 * The 'Taille de l'enfant (cm)' field's value, remembered in this browser for
 * every park's plan (docs/rules/plans.md#plan-contents): a family plans several parks for the same
 * child. The server, which has no localStorage, renders it empty.
 */
export function useChildHeight() {
  const value = useSyncExternalStore(subscribe, read, () => "");
  function change(next: string) {
    if (next) window.localStorage.setItem(CHILD_HEIGHT_KEY, next);
    else window.localStorage.removeItem(CHILD_HEIGHT_KEY);
    for (const listener of listeners) listener();
  }
  const height = Number(value);
  return { value, change, height: value !== "" && Number.isFinite(height) && height > 0 ? height : null };
}

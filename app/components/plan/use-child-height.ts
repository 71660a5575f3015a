import { useEffect, useState } from "react";

const CHILD_HEIGHT_KEY = "parcours:child-height";

/**
 * The 'Taille de l'enfant (cm)' field's value, remembered in this browser for
 * every park's plan (issue 17 §5): a family plans several parks for the same child.
 * Read after mounting: the server has no localStorage.
 */
export function useChildHeight() {
  const [value, setValue] = useState("");
  useEffect(() => setValue(window.localStorage.getItem(CHILD_HEIGHT_KEY) ?? ""), []);
  function change(next: string) {
    setValue(next);
    if (next) window.localStorage.setItem(CHILD_HEIGHT_KEY, next);
    else window.localStorage.removeItem(CHILD_HEIGHT_KEY);
  }
  const height = Number(value);
  return { value, change, height: value !== "" && Number.isFinite(height) && height > 0 ? height : null };
}

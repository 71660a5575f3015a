import { useRouteLoaderData } from "react-router";
import type { Language } from "~/domain/languages";
import { localizedPath } from "~/domain/languages";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root's data (language, messages, signed-in user, links) from anywhere in the tree. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("Root data is missing");
  return data;
}

export function useLanguage(): Language {
  return useRootData().language;
}

/** Builds links in the page's language: href("/contact") is "/fr/contact" on a French page. */
export function useLocalizedHref(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(language, path);
}

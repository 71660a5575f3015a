import { useRouteLoaderData } from "react-router";
import type { Language } from "~/domain/languages";
import { localizedPath } from "~/domain/languages";
import type { loader } from "~/root";
import { useMemberOfSharedPage } from "./member-view";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root's data (language, messages, signed-in user, links) from anywhere in the tree; on a shared page, with its member (decision 0060). */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("Root data is missing");
  const user = useMemberOfSharedPage(data.user);
  return user === data.user ? data : { ...data, user };
}

export function useLanguage(): Language {
  return useRootData().language;
}

/** Builds links in the page's language: href("/contact") is "/fr/contact" on a French page. */
export function useLocalizedHref(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(language, path);
}

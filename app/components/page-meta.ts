import type { TFunction } from "i18next";
import type { MetaDescriptor } from "react-router";
import { createI18n } from "~/i18n/i18n";
import type { RootData } from "./root-data";

type MatchLike = { id: string; data?: unknown } | undefined;

/** A `t` for meta functions, which run outside React, from the root's messages. */
export function metaT(matches: readonly MatchLike[]): TFunction | null {
  const root = matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  return root ? createI18n(root.language, root.messages).t : null;
}

/** Title, description and Open Graph tags of a page. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Parcours" },
  ];
}

/** The usual meta of a page titled by one of its messages. */
export function titledMeta(matches: readonly MatchLike[], title: (t: TFunction) => string): MetaDescriptor[] {
  const t = metaT(matches);
  if (!t) return [];
  return pageMeta(`${title(t)} — ${t("common.appName")}`, t("meta.defaultDescription"));
}

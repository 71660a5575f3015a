import type { MetaDescriptor } from "react-router";
import { LANGUAGES, localizedPath, splitLanguagePrefix, type Language } from "~/domain/languages";
import { matchedMessages } from "~/i18n/message-tree";
import { createTranslator, type TFunction } from "~/i18n/translate";
import type { RootData } from "./root-data";

type MatchLike = { id: string; pathname?: string; data?: unknown; loaderData?: unknown; error?: unknown } | undefined;

function rootData(matches: readonly MatchLike[]): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}

/**
 * A `t` for meta functions, which run outside React, from the messages of every
 * matched route (decision 0057): the root's carry only the shell's texts, a page's
 * title comes with the page's own loader. A page whose loader failed sends none:
 * its error page writes its own title.
 */
export function metaT(matches: readonly MatchLike[]): TFunction | null {
  const root = rootData(matches);
  if (!root || matches.some((match) => Boolean(match?.error))) return null;
  return createTranslator(root.language, matchedMessages(matches));
}

/**
 * The canonical address of a page: the public URL, the page's language, then the
 * path without its language prefix. The root's <link rel="canonical"> is built the
 * same way, so og:url and the canonical link agree.
 */
export function canonicalUrl(publicUrl: string, language: Language, pathname: string): string {
  return `${publicUrl}${localizedPath(language, splitLanguagePrefix(pathname).rest)}`;
}

/** og:url and og:locale of the page being rendered, from the root's data (its canonical address, decision 0067). */
export function pageIdentity(matches: readonly MatchLike[]): PageMetaOptions {
  const root = rootData(matches);
  return root ? { url: canonicalUrl(root.publicUrl, root.language, root.canonicalPath), language: root.language } : {};
}

export type PageMetaOptions = {
  /** Canonical address of the page (og:url). */
  url?: string;
  /** Language of the page (og:locale, the other language as og:locale:alternate). */
  language?: Language;
  /** A picture of the page's subject (og:image): absolute, or relative to `url`. */
  image?: string | null;
};

const OG_LOCALES: Record<Language, string> = { fr: "fr_FR", en: "en_GB" };

/** Search engines show about 160 characters of a description; longer ones are cut by them mid-word. */
const META_DESCRIPTION_LENGTH = 160;

/** The text on one line, cut at a word boundary to at most `length` characters, an ellipsis marking the cut. */
export function metaDescription(text: string, length = META_DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const head = flat.slice(0, length - 1);
  const space = head.lastIndexOf(" ");
  // A single very long word is cut where it stands rather than dropped.
  const words = space > length / 2 ? head.slice(0, space) : head;
  return `${words.replace(/[\s,;:.!?'’"«(—–-]+$/u, "")}…`;
}

/** Title, description and Open Graph tags of a page. */
export function pageMeta(title: string, description: string, options: PageMetaOptions = {}): MetaDescriptor[] {
  const summary = metaDescription(description);
  const { url, language, image } = options;
  const imageUrl = image ? absoluteImageUrl(image, url) : null;
  return [
    { title },
    { name: "description", content: summary },
    { property: "og:title", content: title },
    { property: "og:description", content: summary },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Parcours" },
    ...(url ? [{ property: "og:url", content: url }] : []),
    ...(language
      ? [
          { property: "og:locale", content: OG_LOCALES[language] },
          ...LANGUAGES.filter((other) => other !== language).map((other) => ({
            property: "og:locale:alternate",
            content: OG_LOCALES[other],
          })),
        ]
      : []),
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
  ];
}

/** Open Graph needs an absolute image address; a relative one without a page address to resolve against is left out. */
function absoluteImageUrl(image: string, base: string | undefined): string | null {
  return URL.canParse(image, base) ? new URL(image, base).href : null;
}

/** The usual meta of a page titled by one of its messages. */
export function titledMeta(matches: readonly MatchLike[], title: (t: TFunction) => string): MetaDescriptor[] {
  const t = metaT(matches);
  if (!t) return [];
  return pageMeta(`${title(t)} — ${t("common.appName")}`, t("meta.defaultDescription"), pageIdentity(matches));
}


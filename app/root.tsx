import { useEffect } from "react";
import { TranslationProvider, useMatchedMessages, useTranslation } from "./i18n/translation-context";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { deferredComponent } from "./components/deferred-component";
import { Header } from "./components/layout/header";
import { AccountNotice } from "./components/account-notice";
import { MobileNav } from "./components/layout/mobile-nav";
import { memberSlot } from "./components/member-slot";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { useNonce } from "./components/nonce";
import { useMemberPayload, useSharedPageKey, useSlotPageMessages } from "./components/member-view";
import { MEMBER_PAGE_CLASS } from "./domain/member-payload";
import type { RootData } from "./components/root-data";
import { RouteErrorPage } from "./components/route-error-boundary";
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  isLanguage,
  localizedPath,
  splitLanguagePrefix,
  type Language,
} from "./domain/languages";
import { canonicalPath } from "./domain/canonical-query";
import { routeMessages, type MessageScope } from "./i18n/route-messages";
import { requestLanguage } from "./server/language";

/**
 * The texts of what every page shows around its own screen (decision 0057): the
 * header, menus, footer, language dialog, error pages and the pages' default
 * description. Each route's loader sends its screen's namespaces; the pages'
 * "could not load" titles are here, as a failed loader sends none. Of `errors`, what
 * a screen shows (the error pages, and the refusal an action hands back); the rest are
 * the server's own answers, worded before any page (decision 0063).
 */
const SHELL_MESSAGES: readonly MessageScope[] = [
  ...["common", "nav", "language", "footer", "meta", "account.headerLink", "account.delete.done", "profile.loading"] as const,
  ...["errors.notFoundTitle", "errors.notFoundBody", "errors.forbiddenTitle", "errors.forbiddenBody", "errors.serverErrorTitle"] as const,
  ...["errors.serverErrorBody", "errors.statusCode", "errors.badRequest"] as const,
  ...["home.featuredParks.loadError", "park.loadError", "attraction.loadError", "manufacturer.loadError", "map.loadError"] as const,
  ...["rankings.loadError", "profile.loadError", "duels.errors.load"] as const,
];

export function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  const url = new URL(request.url);
  return {
    language,
    /** The canonical address without its language prefix: the path, and what of the query it keeps (most pages none). */
    canonicalPath: canonicalPath(splitLanguagePrefix(url.pathname).rest, url.searchParams, context.currentUser?.id),
    messages: routeMessages(language, SHELL_MESSAGES),
    user: context.currentUser,
    publicUrl: context.config.publicUrl,
    externalLinks: context.config.externalLinks,
    contactEmail: context.config.contactEmail,
  };
}

// The root's data (language, signed-in member) is re-read on every navigation: a
// language switch changes the prefix, a static segment that would not trigger it, and a
// logout in another tab must show here at the next navigation. The one exception is a
// successful write whose form asked for no reload (`defaultShouldRevalidate={false}`: the
// duels page's answers carry the next screen): it moves nowhere, so nothing here can change.
export function shouldRevalidate({ formMethod, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return !(formMethod && actionStatus! < 300 && !defaultShouldRevalidate);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const language = data?.language ?? DEFAULT_LANGUAGE;
  return (
    // The part's script marks the page as a member's before it is drawn (the visitors' sign-in link hidden: app.css);
    // the mark goes with the part (decision 0060).
    <html lang={language} className={useMemberPayload() ? MEMBER_PAGE_CLASS : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Theme colour, icons and the web app manifest: written by the server (app/server/document-head.ts). */}
        {/* With a precedence React writes the stylesheet before the module preloads
            hoisted from <Scripts />, so the first paint does not queue behind the JS. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {data ? <LanguageLinks data={data} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Canonical URL and hreflang alternates: the same page in each language. */
function LanguageLinks({ data }: { data: RootData }) {
  const path = data.canonicalPath;
  const href = (language: Language) => `${data.publicUrl}${localizedPath(language, path)}`;
  return (
    <>
      <link rel="canonical" href={href(data.language)} />
      {LANGUAGES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={href(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${data.publicUrl}${path}`} />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useRememberLanguage(loaderData.language);
  const messages = useMatchedMessages(useSlotPageMessages());
  return (
    <TranslationProvider language={loaderData.language} messages={messages}>
      <Shell>
        <Outlet key={useSharedPageKey()} />
      </Shell>
    </TranslationProvider>
  );
}

/**
 * The footer is below every page's fold and is only links: it is drawn by the server and hydrated once its chunk has
 * arrived, after the page's first load; a link followed before then is followed by the browser (decision 0065).
 */
const Footer = deferredComponent(() => import("./components/layout/footer").then((module) => module.Footer));

/** The header and the bottom bar name the member and hold their menu: on a page with member slots, the server fills them for the member (decision 0064). */
const HeaderSlot = memberSlot("header", Header);
const MobileNavSlot = memberSlot("mobile-nav", MobileNav);

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t("common.skipToContent")}
      </a>
      <HeaderSlot />
      <main id="main" tabIndex={-1} className="flex-1 pb-20 lg:pb-0">
        <AccountNotice />
        {children}
      </main>
      <Footer />
      <MobileNavSlot />
    </div>
  );
}

/**
 * The remembered choice lives in a cookie (so the server can read it) mirrored in
 * localStorage (docs/rules/site.md#languages): a choice found only in localStorage is copied back.
 */
function useRememberLanguage(language: string) {
  useEffect(() => {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    const fromPath = splitLanguagePrefix(window.location.pathname).language;
    const chosen = fromPath ?? (isLanguage(stored) ? stored : language);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, chosen);
    if (!document.cookie.split("; ").includes(`${LANGUAGE_COOKIE}=${chosen}`)) {
      document.cookie = `${LANGUAGE_COOKIE}=${chosen}; path=/; max-age=31536000; samesite=lax`;
      if (chosen !== language) window.location.reload();
    }
  }, [language]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  const messages = useMatchedMessages();
  if (!data) {
    // The root loader itself failed: no messages to translate with, so both languages are shown.
    return (
      <main className="mx-auto max-w-xl p-8">
        <h1 className="text-2xl font-bold">Une erreur est survenue / An error occurred</h1>
      </main>
    );
  }
  return (
    <TranslationProvider language={data.language} messages={messages}>
      <Shell>
        <RouteErrorPage error={error} />
      </Shell>
    </TranslationProvider>
  );
}

import { useTranslation } from "~/i18n/translation-context";
import type { MessageKey } from "~/i18n/translate";
import { deferredComponent } from "./deferred-component";

/**
 * The error page (./route-error-page.tsx), fetched when a page first shows it: no other page loads its code
 * (decision 0065).
 */
export const RouteErrorPage = deferredComponent(() => import("./route-error-page").then((module) => module.RouteErrorPage));

/**
 * A route module's `ErrorBoundary`, made in one line so that each page's chunk
 * carries only its message key (the page itself is fetched when shown):
 * `export const ErrorBoundary = routeErrorBoundary("park.loadError");`.
 */
export function routeErrorBoundary(loadFailedKey?: MessageKey) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    const { t } = useTranslation();
    return <RouteErrorPage error={error} loadFailedTitle={loadFailedKey && t(loadFailedKey)} />;
  };
}

import { Suspense, lazy, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { LoginPrompt } from "../login-prompt";
import { useLocalizedHref } from "../root-data";

const LINK_CLASS = "inline-block rounded-lg border border-teal-700 px-4 py-2 font-medium text-teal-800 hover:bg-teal-50";

// The dialog, the form and its rules are one chunk, fetched at the first click (or hover, focus): the ride page's first load stays as it was.
const loadDialog = () => import("./suggestion-dialog");
const SuggestionDialog = lazy(loadDialog);

/**
 * The ride page's 'Suggérer des modifications': it opens the suggestion form
 * in a modal dialog, and focus comes back to it when the dialog closes.
 * Without JavaScript (or opened in a new tab) it is a link to the suggestion
 * page. Visitors get the login prompt instead.
 */
export function SuggestRideChanges({ rideId, signedIn }: { rideId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLAnchorElement>(null);
  if (!signedIn) return <LoginPrompt anchor="suggest-changes">{t("suggestions.form.loginPrompt")}</LoginPrompt>;
  const preload = () => void loadDialog();
  return (
    <div id="suggest-changes" className="mt-8">
      <a
        ref={opener}
        href={href(`/attractions/${rideId}/suggest`)}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          // A new tab or window (modifier keys, middle button) still opens the page.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
        className={LINK_CLASS}
      >
        {t("suggestions.form.open")}
      </a>
      {open ? (
        <Suspense fallback={null}>
          <SuggestionDialog
            rideId={rideId}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

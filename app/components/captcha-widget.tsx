import { useEffect, useState } from "react";
import { useLanguage } from "./root-data";
import "altcha/types/react";

/**
 * The self-hosted ALTCHA widget: it fetches a signed challenge from our
 * server, solves the proof of work in Web Workers and puts the solution in a
 * hidden "altcha" field of the form. Its script loads only on pages that show
 * it, after the page has rendered.
 */
export function CaptchaWidget({ label, invalid, describedBy }: { label: string; invalid: boolean; describedBy?: string }) {
  const language = useLanguage();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    Promise.all([import("altcha"), language === "fr" ? import("altcha/i18n/fr-fr") : import("altcha/i18n/en")])
      .then(() => !cancelled && setReady(true))
      .catch(() => !cancelled && setReady(false));
    return () => {
      cancelled = true;
    };
  }, [language]);
  return (
    <fieldset aria-invalid={invalid || undefined} aria-describedby={describedBy} className="min-h-[4.5rem]">
      <legend className="mb-1 block text-sm font-medium text-stone-800">{label}</legend>
      {ready ? (
        <altcha-widget challenge="/api/captcha" name="altcha" language={language === "fr" ? "fr-fr" : "en"} auto="onfocus" />
      ) : null}
    </fieldset>
  );
}

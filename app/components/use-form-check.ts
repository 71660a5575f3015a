import { useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import type { FieldMessages, FormCheck } from "~/domain/form-values";

/**
 * A form's check in the browser: the same `check…Form` the server runs
 * (decision 0015), given the form's text values and the FormData itself (for
 * what only the browser can check, such as a file's size before it is sent).
 * Null when the rules are not here yet (loaded on demand): the submit goes on
 * and the server answers with the same messages. A promise is for forms the
 * browser handles itself (`onValid`), which wait for their rules.
 */
export type BrowserCheck<Field extends string, Data> = (
  values: Record<string, string>,
  form: FormData,
) => FormCheck<Field, Data> | null | Promise<FormCheck<Field, Data>>;

/**
 * The one "read the form, check, show the messages, stop an invalid submit"
 * sequence of every form. The browser's messages replace the server's answer
 * until the next valid submit, after which the server's answer shows again.
 * With `onValid`, the form never leaves the page: a valid submit calls it.
 */
export function useFormCheck<Field extends string, Data>(
  check: BrowserCheck<Field, Data>,
  serverErrors: FieldMessages<Field> | null | undefined,
  options: { onValid?: (data: Data) => void } = {},
) {
  const { t } = useTranslation();
  const [browserErrors, setBrowserErrors] = useState<FieldMessages<Field> | null>(null);
  const errors = browserErrors ?? serverErrors ?? null;

  function settle(result: FormCheck<Field, Data>) {
    setBrowserErrors(result.ok ? null : result.errors);
    if (result.ok) options.onValid?.(result.data);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const result = check(formValues(form), form);
    if (options.onValid) event.preventDefault();
    if (result === null) return;
    if (result instanceof Promise) {
      event.preventDefault();
      void result.then(settle);
      return;
    }
    if (!result.ok) event.preventDefault();
    settle(result);
  }

  /** A field's messages, translated, for `Field` and the other error lists; null when it has none. */
  const messages = (field: Field | "form"): string[] | null => errors?.[field]?.map((message) => t(message.key, message.values)) ?? null;

  return { onSubmit, messages, refusedInBrowser: browserErrors !== null };
}

/**
 * A form's text values from its FormData (files left out). Kept here, not
 * beside the rules, so that pages whose rules load on demand do not carry the
 * rules' module in their first load.
 */
function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

/**
 * A form's rules loaded once the form is in use (first focus or press) rather
 * than with the page, for public pages that must stay light (login, sign-up,
 * contact). Until they have arrived, `loaded()` is null and a submitted form
 * goes to the server, which checks the same rules and answers with the same
 * messages; a failed download is tried again at the next use.
 */
export function rulesOnDemand<Rules>(load: () => Promise<Rules>) {
  let rules: Rules | null = null;
  let loading: Promise<Rules> | null = null;
  const whenLoaded = (): Promise<Rules> => {
    loading ??= load().then((loadedRules) => (rules = loadedRules));
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return {
    /** Starts loading; safe to call repeatedly (an event handler). */
    preload: () => void whenLoaded(),
    loaded: () => rules,
    whenLoaded,
  };
}

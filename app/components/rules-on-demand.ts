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

/** The account forms' rules: login, sign-up, password reset. */
export const accountRules = rulesOnDemand(() => import("~/domain/account-rules"));

/**
 * The account forms' rules (Zod schemas) for the browser, loaded once a form
 * is in use rather than with the page: they would be the largest piece of the
 * login and sign-up pages' JavaScript. Until they have arrived, a submitted
 * form simply goes to the server, which checks the same rules and answers with
 * the same messages.
 */
type AccountRules = typeof import("~/domain/account-rules");

let rules: AccountRules | null = null;
let loading: Promise<AccountRules> | null = null;

/** Starts loading the rules (on the form's first focus or input); safe to call repeatedly. */
export function loadAccountRules(): void {
  loading ??= import("~/domain/account-rules").then((loaded) => (rules = loaded));
  loading.catch(() => {
    loading = null; // A failed download is tried again at the next focus; the server still checks.
  });
}

/** The rules once loaded, else null. */
export function loadedAccountRules(): AccountRules | null {
  return rules;
}

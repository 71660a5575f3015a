import { Form } from "react-router";
import { useTranslation } from "~/i18n/translation-context";

/**
 * The sign-out button (header and back office). It posts as a whole page, not
 * through the router: the answer clears the site's data and unregisters the
 * service worker (docs/decisions/0041), which would break a route module the
 * router fetched at the same moment (a failed import and a second reload), and
 * a fresh page holds nothing of the member in memory either. So the router never
 * needs the route of /logout: nothing to discover (`discover="none"`, no
 * data-discover in the page and no request for it, decision 0080).
 */
export function SignOutForm({ buttonClassName }: { buttonClassName: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" reloadDocument discover="none">
      <button type="submit" className={buttonClassName}>
        {t("nav.logout")}
      </button>
    </Form>
  );
}

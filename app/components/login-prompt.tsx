import { Link, useLocation } from "react-router";
import { loginPathReturningTo } from "~/domain/return-path";
import { useLocalizedHref } from "./root-data";

/**
 * The login page's address that brings the visitor back to this page once
 * signed in, scrolled to `anchor` (the id of what the prompt stands in for: a
 * form's title, a section's). The login page accepts only a path of this site
 * (safeReturnPath).
 */
export function useLoginHref(anchor: string): string {
  const href = useLocalizedHref();
  const { pathname, search } = useLocation();
  return loginPathReturningTo(href("/login"), `${pathname}${search}#${anchor}`);
}

/** What a visitor sees in place of a members-only form: a link to log in, and back to the form (`anchor`) once signed in. */
export function LoginPrompt({ children, anchor }: { children: string; anchor: string }) {
  return (
    <p className="mt-4 rounded-xl bg-stone-100 p-4">
      <Link to={useLoginHref(anchor)} className="font-semibold text-teal-800 underline">
        {children}
      </Link>
    </p>
  );
}

import { Link } from "react-router";
import { loginPathReturningTo } from "~/domain/return-path";
import { useLocalizedHref } from "./root-data";

/** What a visitor sees in place of a members-only form (public site §6): a link to log in, and back to `returnTo` once signed in. */
export function LoginPrompt({ children, returnTo }: { children: string; returnTo?: string }) {
  const href = useLocalizedHref();
  return (
    <p className="mt-4 rounded-xl bg-stone-100 p-4">
      <Link to={returnTo ? loginPathReturningTo(href("/login"), returnTo) : href("/login")} className="font-semibold text-teal-800 underline">
        {children}
      </Link>
    </p>
  );
}

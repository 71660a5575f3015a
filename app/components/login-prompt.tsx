import { Link } from "react-router";
import { useLocalizedHref } from "./root-data";

/** What a visitor sees in place of a members-only form (public site §6): a link to log in. */
export function LoginPrompt({ children }: { children: string }) {
  const href = useLocalizedHref();
  return (
    <p className="mt-4 rounded-xl bg-stone-100 p-4">
      <Link to={href("/login")} className="font-semibold text-teal-800 underline">
        {children}
      </Link>
    </p>
  );
}

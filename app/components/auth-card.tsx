import { Link } from "react-router";

/** The centred card the sign-in, sign-up and password pages share. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold">{title}</h1>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export const primaryButton =
  "w-full rounded-lg bg-teal-700 px-4 py-2.5 font-semibold text-white hover:bg-teal-800 disabled:cursor-wait disabled:opacity-70";
export const secondaryButton =
  "w-full rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 hover:bg-stone-100";
export const textLink = "font-medium text-teal-800 underline-offset-2 hover:underline";

/** The line under a sign-in or sign-up card that leads to the other one. */
export function AuthSwitch({ question, link, to }: { question: string; link: string; to: string }) {
  return (
    <p className="mt-6 text-center text-sm text-stone-700">
      {question}{" "}
      <Link to={to} className={textLink}>
        {link}
      </Link>
    </p>
  );
}

import { data, Link, redirect } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { useLocalizedHref } from "~/components/root-data";
import { DuelArena } from "~/components/duels/duel-arena";
import { DuelTypeChooser } from "~/components/duels/duel-type-chooser";
import { RIDE_TYPES, type RideTypeName } from "~/domain/ride-types";
import type { CurrentUser } from "~/domain/current-user";
import type { DuelAnswer, DuelErrorKey, DuelIntent } from "~/domain/duels";
import type { RefusalReason } from "~/domain/outcome";
import { localizedPath } from "~/domain/languages";
import { loginPathReturningTo } from "~/domain/return-path";
import { loadDuelScreen } from "~/server/duels/duel-screen";
import { listDuelTypes } from "~/server/duels/duel-types";
import { recordDuel } from "~/server/duels/record-duel";
import { resetDuels } from "~/server/duels/reset-duels";
import { requestT } from "~/server/i18n";
import { requestLanguage } from "~/server/language";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import type { PageAnswer } from "~/server/http/page-answer";
import { refused } from "~/server/http/refusal-status";
import type { Route } from "./+types/duels";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { routeMessages } from "~/i18n/route-messages";

/** Duels need an account (docs/rules/duels-and-rankings.md#duels-page): a visitor signs in and comes back to the address they asked for. */
function requireMember(request: Request, user: CurrentUser | null): CurrentUser {
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginPathReturningTo(localizedPath(requestLanguage(request), "/login"), `${url.pathname}${url.search}`));
}

/** `?type=` as one of the ten types, or null (absent or unknown). */
function readType(value: string | null): RideTypeName | null {
  return (RIDE_TYPES as readonly (string | null)[]).includes(value) ? (value as RideTypeName) : null;
}

/** No type: the type chooser; a type: its duel screen; an unknown type: a 404 saying so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireMember(request, context.currentUser);
  const asked = new URL(request.url).searchParams.get("type");
  const messages = routeMessages(requestLanguage(request), ["duels", "attractionTypes", "attraction.facts", "attraction.units", "pages.duels"]);
  if (asked === null) return { view: "chooser" as const, types: await listDuelTypes(context.db, user.id), messages };
  const type = readType(asked);
  if (!type) throw data(requestT(request)("duels.errors.unknownType"), { status: 404 });
  return { view: "screen" as const, screen: await loadDuelScreen(context.db, user.id, type), messages };
}

const REFUSAL_REASON: Record<DuelErrorKey, RefusalReason> = {
  "duels.errors.badRequest": "invalid",
  "duels.errors.notEligible": "invalid",
  "duels.errors.suspended": "forbidden",
  "duels.errors.tooMany": "tooMany",
  "duels.errors.tooManyResets": "tooMany",
  "duels.errors.save": "failed",
  "duels.errors.reset": "failed",
};

function answered(answer: DuelAnswer): PageAnswer<DuelAnswer> {
  return answer.ok ? answer : refused(answer, REFUSAL_REASON[answer.error]);
}

const badRequest = () => answered({ ok: false, error: "duels.errors.badRequest" });

/**
 * The duel screen's writes, to `…/duels?type=<type>`: `intent=duel` with
 * `winnerId` and `loserId` (the cards' forms), or `intent=reset` with
 * `confirm=yes` (the dialog, or the checkbox of the form shown without
 * JavaScript). Each answers with the type's next screen. Anything else — no or
 * an unknown type, another intent, a body that is not a form — is a 400 with a
 * translated message, and nothing is written.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<DuelAnswer>> {
  const user = requireMember(request, context.currentUser);
  const type = readType(new URL(request.url).searchParams.get("type"));
  if (!type) return badRequest();
  const handlers: IntentHandlers<DuelIntent, PostedIntent, PageAnswer<DuelAnswer>> = {
    duel: async ({ form }) => {
      const { text } = await form();
      return answered(await recordDuel(context.db, user, type, text("winnerId"), text("loserId")));
    },
    reset: async ({ form }) => ((await form()).text("confirm") === "yes" ? answered(await resetDuels(context.db, user, type)) : badRequest()),
  };
  return dispatchIntent(request, handlers, badRequest);
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("pages.duels"));
}

export default function Duels({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("pages.duels")}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{t("duels.intro")}</p>
      {/* Shown from the first duel on, not only once a type is finished: the profile holds every type's order so far. */}
      <p className="mt-3">
        <Link to={href("/profile")} className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900">
          {t("duels.profileLink")}
        </Link>
      </p>
      <div className="mt-8">
        {loaderData.view === "chooser" ? (
          <DuelTypeChooser types={loaderData.types} />
        ) : (
          <DuelArena
            key={loaderData.screen.type}
            screen={loaderData.screen}
            documentAnswer={actionData}
            action={`${href("/duels")}?type=${loaderData.screen.type}`}
          />
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = routeErrorBoundary("duels.errors.load");

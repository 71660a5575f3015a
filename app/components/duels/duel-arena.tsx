import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { addSessionResult, type SessionRow } from "~/domain/duel-session";
import type { DuelAnswer, DuelErrorKey, DuelScreen } from "~/domain/duels";
import { useLocalizedHref } from "../root-data";
import { DuelCard } from "./duel-card";
import { RankingTable } from "./ranking-table";
import { ResetDuels } from "./reset-duels";

type Notice = { kind: "result"; winner: string; loser: string } | { kind: "reset" } | { kind: "error"; key: DuelErrorKey } | null;

type ArenaState = {
  /** The last answer taken in: a new one from the fetcher is applied once, while rendering. */
  seen: DuelAnswer | undefined;
  screen: DuelScreen;
  session: SessionRow[];
  notice: Notice;
  /** A reset was confirmed and its answer is awaited (a duel's answer carries a result instead). */
  resetting: boolean;
};

/** The state once `answer` (of a duel, or of the reset when `state.resetting`) is in. */
function takeAnswer(state: ArenaState, answer: DuelAnswer): ArenaState {
  const next = { ...state, seen: answer, resetting: false };
  if (!answer.ok) return { ...next, screen: answer.screen ?? state.screen, notice: { kind: "error", key: answer.error } };
  if (state.resetting) return { ...next, screen: answer.screen, session: [], notice: { kind: "reset" } };
  const pair = state.screen.state === "pair" ? state.screen.pair : [];
  const winner = pair.find((ride) => ride.id === answer.result?.winnerId);
  const loser = pair.find((ride) => ride.id === answer.result?.loserId);
  // No result: a duplicate (another tab answered this pair first) was skipped; the next pair is simply shown.
  if (!winner || !loser) return { ...next, screen: answer.screen, notice: null };
  return {
    ...next,
    screen: answer.screen,
    session: addSessionResult(state.session, winner, loser),
    notice: { kind: "result", winner: winner.name, loser: loser.name },
  };
}

type DuelArenaProps = {
  screen: DuelScreen;
  /** The answer of a choice posted before hydration (a native POST), read from the page's action data. */
  documentAnswer?: DuelAnswer;
  /** The duels page's address for this type (`…/duels?type=…`). */
  action: string;
};

/**
 * The duel screen of one type (docs/rules/duels-and-rankings.md#duel-flow):
 * two cards, chosen by click, tap or keyboard (← / → focus a card, Enter
 * chooses), the result announced, the next pair taken from the write's answer
 * (one round trip: the route does not reload its loader after it), this
 * visit's ranking and the member's personal ranking beside it, both updated at
 * once. The route keys it by type, so changing type starts a new session.
 */
export function DuelArena({ screen: loaded, documentAnswer, action }: DuelArenaProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const fetcher = useFetcher<DuelAnswer>();
  const left = useRef<HTMLButtonElement>(null);
  const right = useRef<HTMLButtonElement>(null);
  const completion = useRef<HTMLParagraphElement>(null);
  const [state, setState] = useState<ArenaState>(() => ({
    seen: undefined,
    screen: documentAnswer?.screen ?? loaded,
    session: [],
    notice: documentAnswer && !documentAnswer.ok ? { kind: "error", key: documentAnswer.error } : null,
    resetting: false,
  }));
  let current = state;
  if (fetcher.data && fetcher.data !== state.seen) {
    current = takeAnswer(state, fetcher.data);
    setState(current);
  }
  const { screen, session, notice } = current;
  const finishedHere = screen.state === "complete" && notice?.kind === "result";

  // ← and → move to the left and right card from anywhere on the page but a field or a dialog.
  useEffect(() => {
    if (screen.state !== "pair") return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable='true'], dialog")) return;
      event.preventDefault();
      (event.key === "ArrowLeft" ? left : right).current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [screen.state]);

  // The last duel took the cards away: focus goes to the message that says the type is done.
  useEffect(() => {
    if (finishedHere) completion.current?.focus();
  }, [finishedHere]);

  const typeName = t(`attractionTypes.${screen.type}`);
  const reset = (
    <ResetDuels
      action={action}
      busy={fetcher.state !== "idle"}
      onConfirm={() => {
        setState((previous) => ({ ...previous, resetting: true }));
        void fetcher.submit({ intent: "reset", confirm: "yes" }, { method: "post", action, defaultShouldRevalidate: false });
      }}
    />
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="duel-type-title" className="min-w-0">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="duel-type-title" className="text-2xl font-bold">
            {typeName}
          </h2>
          <Link to={href("/duels")} className="font-medium text-teal-800 underline-offset-2 hover:underline">
            {t("duels.changeType")}
          </Link>
        </div>
        {screen.state === "pair" ? (
          <p className="mt-1 text-sm text-stone-600">{t("duels.progress", { placed: screen.placed, eligible: screen.eligible })}</p>
        ) : null}

        <p role="status" className="mt-4 min-h-6 font-medium text-teal-900">
          {notice?.kind === "result" ? t("duels.winsOver", { winner: notice.winner, loser: notice.loser }) : notice?.kind === "reset" ? t("duels.reset.done") : ""}
        </p>
        {notice?.kind === "error" ? (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {t(notice.key)}
          </p>
        ) : null}

        {screen.state === "pair" ? (
          <>
            <h3 className="mt-4 text-lg font-semibold">{t("duels.question")}</h3>
            <p className="mt-1 text-sm text-stone-600">{t("duels.keyboardHint")}</p>
            <div className="mt-4 grid gap-4 sm:grid-cols-2" data-duel-pair>
              {/* Keyed by side, not by ride: the card that had focus keeps it when the next pair comes. */}
              <DuelCard key="left" ride={screen.pair[0]} type={screen.type} against={screen.pair[1]} action={action} fetcher={fetcher} buttonRef={left} />
              <DuelCard key="right" ride={screen.pair[1]} type={screen.type} against={screen.pair[0]} action={action} fetcher={fetcher} buttonRef={right} />
            </div>
            <div className="mt-8">{reset}</div>
          </>
        ) : screen.state === "too-few" ? (
          <p className="mt-4 rounded-xl bg-amber-50 p-4 text-amber-950">{t("duels.tooFew", { type: t(`duels.typePlural.${screen.type}`) })}</p>
        ) : (
          <div className="mt-4 space-y-4">
            <p ref={completion} tabIndex={-1} className="rounded-xl bg-teal-50 p-4 text-lg font-semibold text-teal-950 focus:outline-none focus-visible:ring-4 focus-visible:ring-teal-600">
              {t("duels.complete")}
            </p>
            {reset}
          </div>
        )}
      </section>

      {screen.state === "too-few" ? null : (
        <aside className="min-w-0 space-y-6">
          <section aria-labelledby="duel-session-title" className="rounded-2xl border border-stone-200 bg-white p-4">
            <h2 id="duel-session-title" className="text-lg font-bold">
              {t("duels.session.title")}
            </h2>
            {session.length ? (
              <RankingTable caption={t("duels.session.title")} rows={session.map((row, index) => ({ ...row, rank: index + 1 }))} />
            ) : (
              <p className="mt-2 text-sm text-stone-600">{t("duels.session.empty")}</p>
            )}
          </section>
          <section aria-labelledby="duel-personal-title" className="rounded-2xl border border-stone-200 bg-white p-4" data-personal-ranking>
            <h2 id="duel-personal-title" className="text-lg font-bold">
              {t("duels.personal.title")}
            </h2>
            {screen.ranking.length ? (
              <RankingTable caption={`${t("duels.personal.title")} — ${typeName}`} rows={screen.ranking.map((row) => ({ ...row, id: row.rideId }))} />
            ) : (
              <p className="mt-2 text-sm text-stone-600">{t("duels.personal.empty")}</p>
            )}
          </section>
        </aside>
      )}
    </div>
  );
}

import { useEffect, useRef } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";
import type { AdminRelocationCandidate, AdminRideLine } from "~/domain/admin-ride-rows";
import { SEARCH_MIN_LENGTH } from "~/domain/search";
import { useTranslation } from "~/i18n/translation-context";
import { AdminAlert } from "../admin-alert";
import { ADMIN_BUTTON, AdminActions, AdminCell, AdminRow, AdminRowHeader, AdminTable } from "../admin-table";
import { ListControls } from "../list-controls";

const CANDIDATE_COLUMNS = ["name", "park", "rideStatus", "actions"] as const;

/**
 * 'Continue l'attraction…' (docs/rules/back-office.md#ride-relocation): the ride this one continues, 'Retirer le lien',
 * and the list's search box finding the rides of other parks by name, each with 'Choisir'. Both post to the screen's
 * action; once done the view reloads, and the focus goes to the link as it now stands (the button pressed may be gone).
 */
export function RideRelocation({ attraction: ride, candidates }: { attraction: AdminRideLine; candidates: AdminRelocationCandidate[] | null }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fetcher = useFetcher<AdminAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const current = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answer?.ok) current.current?.focus();
  }, [answer]);
  const searched = params.get("q")?.trim() ?? "";
  const column = (name: (typeof CANDIDATE_COLUMNS)[number]) => t(name === "rideStatus" ? "admin.attractions.status" : `admin.attractions.columns.${name}`);

  return (
    <section aria-labelledby="attraction-continues-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="attraction-continues-title" className="text-2xl font-bold">
          {t("admin.attractions.continues.title", { name: ride.name, park: ride.parkName })}
        </h1>
        <Link to="/admin/attractions" className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50">
          {t("admin.common.backToList")}
        </Link>
      </div>
      <p className="mb-4 max-w-3xl text-sm text-stone-600">{t("admin.attractions.continues.explanation")}</p>
      <fetcher.Form method="post" className="mb-6 space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <input type="hidden" name="id" value={ride.id} />
        <div className="flex flex-wrap items-center gap-3">
          <p ref={current} tabIndex={-1} className="font-semibold text-stone-900 focus:outline-none">
            {ride.continues
              ? t("admin.attractions.continues.current", { ride: ride.continues.name, park: ride.continues.parkName })
              : t("admin.attractions.continues.none")}
          </p>
          {ride.continues ? (
            <button type="submit" name="intent" value="clearContinues" disabled={busy} className={ADMIN_BUTTON.danger}>
              {t("admin.attractions.continues.remove")}
            </button>
          ) : null}
        </div>
        {answer && !answer.ok ? <AdminAlert error={answer.error} /> : null}
      </fetcher.Form>
      <ListControls searchLabel={t("admin.attractions.continues.searchLabel")}>
        <input type="hidden" name="continues" value={ride.id} />
      </ListControls>
      {candidates === null ? (
        searched ? <p className="text-sm text-stone-600">{t("admin.attractions.continues.tooShort", { min: SEARCH_MIN_LENGTH })}</p> : null
      ) : candidates.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-600">{t("admin.attractions.continues.empty")}</p>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="setContinues" />
          <input type="hidden" name="id" value={ride.id} />
          <AdminTable caption={t("admin.attractions.continues.found")} columns={CANDIDATE_COLUMNS.map(column)} busy={busy}>
            {candidates.map((candidate) => (
              <AdminRow key={candidate.id}>
                <AdminRowHeader label={column("name")}>{candidate.name}</AdminRowHeader>
                <AdminCell label={column("park")}>{candidate.parkName}</AdminCell>
                <AdminCell label={column("rideStatus")}>{t(`attraction.status.${candidate.status}`)}</AdminCell>
                <AdminActions label={column("actions")} groupLabel={t("admin.attractions.rowActions", { name: candidate.name })}>
                  <button type="submit" name="continuesId" value={candidate.id} disabled={busy} className={ADMIN_BUTTON.primary}>
                    {t("admin.attractions.continues.choose")}
                  </button>
                </AdminActions>
              </AdminRow>
            ))}
          </AdminTable>
        </fetcher.Form>
      )}
    </section>
  );
}

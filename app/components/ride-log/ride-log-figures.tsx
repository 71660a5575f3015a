import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { formatNumber } from "~/domain/format";
import { formatDay } from "~/domain/format-day";
import type { CreditFigures, CreditRide } from "~/domain/ride-log";
import { CreditTotal, FigureList, TypeFigures } from "../profile/credit-summary";
import { useLanguage, useLocalizedHref } from "../root-data";

/**
 * A member's credits and what they are made of (docs/rules/ride-log.md#credits): the total under their rules, then per
 * type, park, country and year, and — when the rides are shown — the first, the latest and the most ridden. Plain
 * markup and links: it works before its script arrives.
 */
export function RideLogFigures({ figures }: { figures: CreditFigures }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const href = useLocalizedHref();
  if (figures.total === 0) return <p className="text-stone-600">{t("rideLog.profile.empty")}</p>;
  const rideLink = (ride: CreditRide) => (
    <Link to={href(`/${ride.parkSlug}/${ride.slug}`)} className="font-semibold text-teal-800 hover:underline">
      {t("rideLog.profile.rideIn", { ride: ride.name, park: ride.parkName })}
    </Link>
  );
  return (
    <div className="grid gap-5">
      <CreditTotal total={figures.total} rules={figures.rules} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TypeFigures byType={figures.byType} />
        <FigureList title={t("rideLog.profile.byCountry")} rows={figures.byCountry.map((row) => [row.country, row.credits])} />
        <FigureList
          title={figures.parkCount > figures.byPark.length ? t("rideLog.profile.byParkSome", { shown: figures.byPark.length, count: figures.parkCount }) : t("rideLog.profile.byPark")}
          rows={figures.byPark.map((row) => [
            <Link key={row.parkId} to={href(`/${row.slug}`)} className="text-teal-800 hover:underline">
              {row.name}
            </Link>,
            row.credits,
          ])}
        />
        <FigureList
          title={t("rideLog.profile.byYear")}
          rows={figures.byYear.map((row) => [String(row.year), t("rideLog.profile.yearLine", { rides: formatNumber(row.rides, language), credits: formatNumber(row.credits, language) })])}
        />
      </div>
      {figures.first && figures.latest ? (
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-stone-600">{t("rideLog.profile.first")}</dt>
            <dd>
              {rideLink(figures.first)} — {formatDay(figures.first.firstOn!, language)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">{t("rideLog.profile.latest")}</dt>
            <dd>
              {rideLink(figures.latest)} — {formatDay(figures.latest.lastOn!, language)}
            </dd>
          </div>
        </dl>
      ) : null}
      {figures.mostRidden.length > 0 ? (
        <div>
          <h3 className="font-bold">{t("rideLog.profile.mostRidden")}</h3>
          <ol className="mt-2 list-decimal space-y-1 ps-6">
            {figures.mostRidden.map((ride) => (
              <li key={ride.rideId}>
                {rideLink(ride)} — {t("rideLog.profile.rideTimes", { count: ride.times })}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

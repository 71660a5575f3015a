import { useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { useLanguage, useLocalizedHref } from "~/components/root-data";
import { formatNumber } from "~/domain/format";
import { winPercentage } from "~/domain/ranking-scores";
import type { TopDuelsBlock } from "~/domain/duels";
import { unpackRows, type PackedRows } from "~/domain/packed-rows";
import { rankingsSearch } from "~/domain/ranking-tabs";

/**
 * Home's Top Duels (public site, home page): one slide per attraction type
 * with duel results, showing that type's duel leaders. A WAI-ARIA APG
 * carousel without autoplay: previous/next buttons, and a CSS scroll-snap row
 * that a finger swipes (and that scrolls without JavaScript). Its only script
 * is the two buttons, a few hundred bytes on the page with the tightest budget. Its slides and rows are
 * drawn by component classes (app/app.css, decision 0061): ten slides of five rows each in the home's HTML.
 */
/** A type's leaders as the home's data carries them: rows of values (decision 0063). */
type PackedBlock = { type: TopDuelsBlock["type"]; leaders: PackedRows<TopDuelsBlock["leaders"][number]> };

export function TopDuelsCarousel({ blocks }: { blocks: PackedBlock[] | null }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  if (blocks?.length === 0) return null;
  const count = blocks?.length ?? 0;
  const show = (index: number) => {
    const target = (index + count) % count;
    const slide = track.current?.children[target] as HTMLElement | undefined;
    track.current?.scrollTo({ left: slide?.offsetLeft ?? 0, behavior: "smooth" });
    setCurrent(target);
  };
  // A swipe or a scroll moves the current slide too.
  const onScroll = () => {
    const list = track.current;
    if (list && list.clientWidth > 0) setCurrent(Math.round(list.scrollLeft / list.clientWidth));
  };
  const button = "rounded-full border border-stone-300 bg-white px-3 py-1 text-lg leading-none text-stone-800 hover:border-teal-700";
  return (
    <section aria-roledescription="carousel" aria-label={t("home.topDuels.carousel")} className="mx-auto max-w-7xl px-4 pt-10">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">{t("home.topDuels.title")}</h2>
        {count > 1 ? (
          <div className="flex gap-2">
            <button type="button" onClick={() => show(current - 1)} aria-label={t("home.topDuels.previous")} className={button}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" onClick={() => show(current + 1)} aria-label={t("home.topDuels.next")} className={button}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
      {blocks ? (
        <div ref={track} onScroll={onScroll} className="mt-4 flex snap-x snap-mandatory overflow-x-auto scroll-smooth">
          {blocks.map((block, index) => (
            <div
              key={block.type}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.topDuels.slide", { index: index + 1, count })}
              className="duel-slide"
            >
              <TopDuelsSlide block={block} />
            </div>
          ))}
        </div>
      ) : (
        <p className="mt-4 text-stone-600">{t("home.topDuels.loadError")}</p>
      )}
    </section>
  );
}

function TopDuelsSlide({ block }: { block: PackedBlock }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const href = useLocalizedHref();
  const typeName = t(`attractionTypes.${block.type}`);
  return (
    <div className="duel-card">
      <h3 className="text-lg font-semibold">{typeName}</h3>
      <ol className="duel-rows">
        {unpackRows(block.leaders).map((ride) => {
          const numbers = { wins: formatNumber(ride.wins, language), losses: formatNumber(ride.losses, language), percent: winPercentage(ride.wins, ride.losses) };
          return (
            <li key={`${ride.parkSlug}/${ride.slug}`}>
              {/* Styled from the list (app/app.css): the short record is the row's last box, pushed to its end; the full one is out of the flow (sr-only). */}
              <Link to={href(`/${ride.parkSlug}/${ride.slug}`)}>{ride.name}</Link>
              <span>{ride.parkName}</span>
              <span aria-hidden="true">{t("home.topDuels.record", numbers)}</span>
              <span className="sr-only">{t("home.topDuels.recordFull", numbers)}</span>
            </li>
          );
        })}
      </ol>
      <Link to={href(`/rankings${rankingsSearch({ tab: "duels", type: block.type })}`)} className="duel-more">
        {t("home.topDuels.seeRanking", { type: typeName })}
      </Link>
    </div>
  );
}

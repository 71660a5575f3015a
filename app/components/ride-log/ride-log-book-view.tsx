import { useTranslation } from "~/i18n/translation-context";
import type { RideLogBook } from "~/domain/ride-log";
import { RideLogFigures } from "./ride-log-figures";
import { ServerSvg } from "../server-svg";

/** A log's figures and its visited parks on the map (docs/rules/ride-log.md#credits): plain markup and links. */
export function RideLogBookView({ book }: { book: RideLogBook }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="ride-log-credits" className="grid gap-6">
      <h2 id="ride-log-credits" className="text-2xl font-bold">
        {t("rideLog.profile.creditsTitle")}
      </h2>
      <RideLogFigures figures={book.figures} />
      {book.map ? (
        <figure>
          <figcaption className="font-bold">{t("rideLog.profile.map")}</figcaption>
          {/* The base map is a cached picture; the marks, drawn by the server, lie over it (as on the map page). */}
          <div className="relative mt-2 overflow-hidden rounded-xl border border-stone-200">
            <img src={`/maps/base/${book.map.frameKey}.svg`} alt="" width={book.map.width} height={book.map.height} loading="lazy" className="block h-auto w-full" />
            <ServerSvg markup={book.map.marks} className="absolute inset-0" />
          </div>
        </figure>
      ) : null}
    </section>
  );
}

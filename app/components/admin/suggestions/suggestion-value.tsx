import { useLanguage } from "~/components/root-data";
import { ResponsiveImage } from "~/components/responsive-image";
import { RIDE_STATUSES, RIDE_TYPES } from "~/domain/ride-types";
import type { SuggestionValue as Value } from "~/domain/admin-suggestions";
import { formatDuration, formatNumber, formatPrice } from "~/domain/format";
import { manufacturerNameOf } from "~/domain/manufacturer-list";
import { formatCoordinate } from "~/domain/location";
import type { SuggestionField } from "~/domain/suggested-changes";
import { useTranslation } from "~/i18n/translation-context";

const UNITS: Partial<Record<SuggestionField, `attraction.units.${"centimetres" | "metres" | "kmPerHour" | "perHour"}`>> = {
  minHeightAlone: "attraction.units.centimetres",
  minHeightForbidden: "attraction.units.centimetres",
  trackLength: "attraction.units.metres",
  height: "attraction.units.metres",
  maxSpeed: "attraction.units.kmPerHour",
  capacityPerHour: "attraction.units.perHour",
};

/**
 * A field's value as the public pages show it: prices in euros, durations in
 * minutes and seconds, heights and speeds with their units, the type and the
 * status translated, descriptions as text, a picture as a thumbnail.
 */
export function SuggestionValue({ field, value, side }: { field: SuggestionField; value: Value; side: "current" | "proposed" }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (value === null || value === "") return <span className="text-stone-600 italic">{t("admin.suggestions.noValue")}</span>;
  if (field === "imageUrl") {
    const alt = t(side === "current" ? "admin.suggestions.currentImage" : "admin.suggestions.proposedImage");
    return <ResponsiveImage image={String(value)} alt={alt} sizes="160px" className="h-24 w-auto rounded border border-stone-200" />;
  }
  if (field === "descriptionFr" || field === "descriptionEn") return <span className="whitespace-pre-line">{String(value)}</span>;
  if (field === "type" && (RIDE_TYPES as readonly Value[]).includes(value)) return <>{t(`attractionTypes.${value as (typeof RIDE_TYPES)[number]}`)}</>;
  if (field === "status" && (RIDE_STATUSES as readonly Value[]).includes(value)) return <>{t(`attraction.status.${value as (typeof RIDE_STATUSES)[number]}`)}</>;
  if (field === "manufacturer") return <>{manufacturerNameOf(String(value)) ?? String(value)}</>;
  if (field === "videoId") return <code className="rounded bg-stone-100 px-1">{String(value)}</code>;
  if (typeof value !== "number") return <>{value}</>;
  if (field === "adultPrice" || field === "childPrice") return <>{formatPrice(value, language)}</>;
  if (field === "duration") return <>{formatDuration(value)}</>;
  if (field === "openingYear") return <>{String(value)}</>;
  if (field === "latitude" || field === "longitude") return <>{formatCoordinate(value, language)}</>;
  const unit = UNITS[field];
  return <>{unit ? t(unit, { value: formatNumber(value, language) }) : formatNumber(value, language)}</>;
}

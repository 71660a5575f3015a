import { formatDate } from "~/domain/format";
import { formatRelativeTime } from "~/domain/relative-time";
import { useLanguage } from "~/components/root-data";

/** A relative date ('il y a 3 jours'), the full date on hover and for machines; `now` comes from the loader. */
export function RelativeDate({ iso, now }: { iso: string; now: string }) {
  const language = useLanguage();
  return (
    <time dateTime={iso} title={formatDate(iso, language)}>
      {formatRelativeTime(iso, now, language)}
    </time>
  );
}

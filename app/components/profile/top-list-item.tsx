import { Link } from "react-router";
import { topListItemPath, type TopListItem } from "~/domain/top-lists";
import { AverageRating } from "../average-rating";
import { ResponsiveImage } from "../responsive-image";
import { useLocalizedHref } from "../root-data";

/** One listed park or attraction: thumbnail, name linking to its page, its park, its rating. */
export function TopListItemContent({ item }: { item: TopListItem }) {
  const href = useLocalizedHref();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      {item.imageUrl ? (
        <ResponsiveImage image={item.imageUrl} alt="" sizes="48px" className="h-12 w-12 shrink-0 rounded-lg object-cover" />
      ) : null}
      <div className="min-w-0">
        <Link
          to={href(topListItemPath(item))}
          draggable={false}
          className="block truncate font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          {item.name}
        </Link>
        {item.parkName ? <span className="block truncate text-sm text-stone-600">{item.parkName}</span> : null}
        {item.averageRating !== null ? <AverageRating value={item.averageRating} count={item.ratingCount} /> : null}
      </div>
    </div>
  );
}

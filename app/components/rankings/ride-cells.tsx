import { Link } from "react-router";
import { useLocalizedHref } from "~/components/root-data";

/**
 * The ride (linking to its page) and, under it, its park: one cell, so a phone's row keeps room for the score. Each
 * link is at least 24 px high: stacked closer, two links are too small a target for a finger (Lighthouse's target-size audit).
 */
export function RideCell({ ride }: { ride: { name: string; slug: string; parkName: string; parkSlug: string } }) {
  const href = useLocalizedHref();
  return (
    <td className="px-2 py-2 sm:px-3">
      <Link to={href(`/${ride.parkSlug}/${ride.slug}`)} className="inline-block min-h-6 font-medium text-teal-800 underline-offset-2 hover:underline">
        {ride.name}
      </Link>
      <Link to={href(`/${ride.parkSlug}`)} className="block min-h-6 text-xs leading-6 text-stone-600 underline-offset-2 hover:underline sm:text-sm sm:leading-6">
        {ride.parkName}
      </Link>
    </td>
  );
}

import { Link } from "react-router";
import { useLocalizedHref } from "~/components/root-data";

/**
 * The ride (linking to its page) and, under it, its park: one cell, so a phone's row keeps room for the score. Each
 * link is at least 24 px high: stacked closer, two links are too small a target for a finger (Lighthouse's target-size audit).
 */
export function RideCell({ ride }: { ride: { name: string; slug: string; parkName: string; parkSlug: string } }) {
  const href = useLocalizedHref();
  return (
    <td>
      <Link to={href(`/${ride.parkSlug}/${ride.slug}`)} className="ranking-ride">
        {ride.name}
      </Link>
      <Link to={href(`/${ride.parkSlug}`)} className="ranking-park">
        {ride.parkName}
      </Link>
    </td>
  );
}

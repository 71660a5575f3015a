import { Link } from "react-router";
import { useLocalizedHref } from "~/components/root-data";

/** The ride (linking to its page) and, under it, its park: one cell, so a phone's row keeps room for the score. */
export function RideCell({ ride }: { ride: { name: string; slug: string; parkName: string; parkSlug: string } }) {
  const href = useLocalizedHref();
  return (
    <td className="px-2 py-2 sm:px-3">
      <Link to={href(`/${ride.parkSlug}/${ride.slug}`)} className="font-medium text-teal-800 underline-offset-2 hover:underline">
        {ride.name}
      </Link>
      <Link to={href(`/${ride.parkSlug}`)} className="block text-xs text-stone-600 underline-offset-2 hover:underline sm:text-sm">
        {ride.parkName}
      </Link>
    </td>
  );
}

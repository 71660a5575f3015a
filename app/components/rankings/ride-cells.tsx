import { Link } from "react-router";
import { useLocalizedHref } from "~/components/root-data";

/** The ride (linking to its page) and its park: the first columns of both ride rankings. */
export function RideCells({ ride }: { ride: { name: string; slug: string; parkName: string; parkSlug: string } }) {
  const href = useLocalizedHref();
  return (
    <>
      <td className="px-3 py-2">
        <Link to={href(`/${ride.parkSlug}/${ride.slug}`)} className="font-medium text-teal-800 underline-offset-2 hover:underline">
          {ride.name}
        </Link>
      </td>
      <td className="px-3 py-2 text-stone-700">
        <Link to={href(`/${ride.parkSlug}`)} className="underline-offset-2 hover:underline">
          {ride.parkName}
        </Link>
      </td>
    </>
  );
}

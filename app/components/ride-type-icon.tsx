import type { AttractionTypeName } from "~/domain/attraction-types";

/**
 * A ride type's pictogram, drawn from the static sprite public/ride-types.svg (no script, one cached file for
 * every type). Always next to the type's name in text, so it is hidden from assistive technologies: the type
 * is never announced twice. Its colour is the text's (currentColor).
 */
export function RideTypeIcon({ type, className = "h-4 w-4" }: { type: AttractionTypeName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={`inline-block shrink-0 ${className}`}>
      <use href={`/ride-types.svg#${type}`} />
    </svg>
  );
}

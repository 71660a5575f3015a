/**
 * The map page's zoom on the client (docs/decisions/0044): the picture is drawn at `scale` CSS pixels per
 * unit of the server's drawing, inside a box that scrolls. These are the rules the buttons, keys and pinch
 * share, apart from the component so they are tested without a browser.
 */

/** The closest zoom: three CSS pixels per unit (labels of 12 units read at 36 px). */
export const MAX_SCALE = 3;
/** One press of "+" or "−". */
export const ZOOM_STEP = 1.5;

/** A scale the map may take: no smaller than the whole picture in the box's width, no larger than MAX_SCALE. */
export function clampScale(scale: number, boxWidth: number, mapWidth: number): number {
  const whole = Math.min(1, boxWidth / mapWidth);
  return Math.min(MAX_SCALE, Math.max(whole, scale));
}

type Point = { x: number; y: number };

/**
 * Where to scroll after a zoom from `from` to `to` so that the point of the map under `pivot` (in the box's
 * visible coordinates: its centre for a button, between the fingers for a pinch) stays under it. The browser
 * clamps a scroll past the edges.
 */
export function scrollAfterZoom(scroll: { left: number; top: number }, pivot: Point, from: number, to: number): { left: number; top: number } {
  const ratio = to / from;
  return { left: (scroll.left + pivot.x) * ratio - pivot.x, top: (scroll.top + pivot.y) * ratio - pivot.y };
}

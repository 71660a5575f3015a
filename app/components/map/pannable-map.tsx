import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { clampScale, scrollAfterZoom, ZOOM_STEP } from "~/domain/map-zoom";

type Point = { x: number; y: number };

const noSubscription = () => () => {};

const button =
  "inline-flex h-11 min-w-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 text-lg font-semibold text-stone-800 hover:border-teal-700";

/**
 * The map's picture in a box that pans and zooms (docs/decisions/0044). Without JavaScript it is a box that
 * scrolls, the picture drawn at its own size (12-unit names read at 12 px, dots' targets 44 px), so a finger
 * or the arrow keys move it. With JavaScript: a drag (finger or mouse) pans, two fingers pinch, the buttons
 * and the + / − / 0 keys zoom, by resizing the picture (both layers are SVG, sharp at any size) and keeping the
 * point under the fingers, or the box's centre, in place. No map library: pointer events and the box's scroll.
 */
export function PannableMap({ mapWidth, children }: { mapWidth: number; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Null until the first zoom: the picture's size is then the stylesheet's, the same as without JavaScript.
  const [scale, setScale] = useState<number | null>(null);
  // False on the server and while hydrating, true once the script runs.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const pendingScroll = useRef<{ left: number; top: number } | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ distance: number; scale: number } | null>(null);
  const dragged = useRef(false);

  useEffect(() => {
    const element = box.current;
    if (element) {
      // Start on the picture's centre (a phone shows a part of it at a readable size).
      element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
      element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
    }
  }, []);

  useLayoutEffect(() => {
    const element = box.current;
    if (element && pendingScroll.current) element.scrollTo(pendingScroll.current.left, pendingScroll.current.top);
    pendingScroll.current = null;
  }, [scale]);

  const currentScale = (element: HTMLDivElement) => scale ?? (element.firstElementChild as HTMLElement).offsetWidth / mapWidth;

  const zoomTo = (target: (current: number) => number, pivot?: Point) => {
    const element = box.current;
    if (!element) return;
    const from = currentScale(element);
    const to = clampScale(target(from), element.clientWidth, mapWidth);
    const at = pivot ?? { x: element.clientWidth / 2, y: element.clientHeight / 2 };
    pendingScroll.current = scrollAfterZoom({ left: element.scrollLeft, top: element.scrollTop }, at, from, to);
    setScale(to);
  };

  const relative = (event: React.PointerEvent<HTMLDivElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    dragged.current = false;
    pointers.current.set(event.pointerId, relative(event));
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      gesture.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: currentScale(event.currentTarget) };
    }
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const point = relative(event);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 1) {
      const [dx, dy] = [point.x - last.x, point.y - last.y];
      if (!dragged.current && Math.hypot(dx, dy) < 3) {
        pointers.current.set(event.pointerId, last);
        return;
      }
      dragged.current = true;
      event.currentTarget.scrollBy(-dx, -dy);
    } else if (gesture.current && pointers.current.size === 2) {
      dragged.current = true;
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const { distance, scale: start } = gesture.current;
      zoomTo(() => (start * Math.hypot(a.x - b.x, a.y - b.y)) / distance, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    }
  };

  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) gesture.current = null;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "+" || event.key === "=") zoomTo((current) => current * ZOOM_STEP);
    else if (event.key === "-") zoomTo((current) => current / ZOOM_STEP);
    else if (event.key === "0") zoomTo(() => 0);
    else return;
    event.preventDefault();
  };

  return (
    // The + / − / 0 keys work from anywhere in the map (its links) or its buttons: a listener on their container,
    // which is no control itself (the arrows scroll the box natively).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div onKeyDown={onKeyDown}>
      {/* The pointer handlers add a drag and a pinch to what the keyboard already has: the marks are links, the
          arrows scroll the box, the buttons below zoom. */}
      <div
        ref={box}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={onPointerEnd}
        // A drag that ends on a park is a pan, not a visit.
        onClickCapture={(event) => {
          if (dragged.current) event.preventDefault();
        }}
        className={`h-[26rem] overflow-auto overscroll-contain rounded-xl border border-stone-200 bg-sky-100 sm:h-auto sm:max-h-[660px] ${ready ? "cursor-grab touch-none select-none" : ""}`}
      >
        <div className="relative w-full min-w-[960px]" style={scale === null ? undefined : { width: scale * mapWidth, minWidth: 0 }}>
          {children}
        </div>
      </div>
      {/* Buttons that would do nothing without JavaScript are not shown before it runs. */}
      {ready ? (
        <div role="group" aria-label={t("map.zoomLabel")} className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" className={button} aria-label={t("map.zoomIn")} aria-keyshortcuts="+" onClick={() => zoomTo((current) => current * ZOOM_STEP)}>
            <span aria-hidden="true">+</span>
          </button>
          <button type="button" className={button} aria-label={t("map.zoomOut")} aria-keyshortcuts="-" onClick={() => zoomTo((current) => current / ZOOM_STEP)}>
            <span aria-hidden="true">−</span>
          </button>
          <button type="button" className={`${button} text-sm`} aria-keyshortcuts="0" onClick={() => zoomTo(() => 0)}>
            {t("map.zoomWhole")}
          </button>
          <p className="text-sm text-stone-600">{t("map.zoomHint")}</p>
        </div>
      ) : null}
    </div>
  );
}

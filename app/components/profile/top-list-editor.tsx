import { startTransition, useEffect, useLayoutEffect, useOptimistic, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation-context";
import { useFetcher } from "react-router";
import {
  moveItem,
  TOP_LIST_ENHANCED_FIELD,
  TOP_LIST_SIZE,
  type TopListActionResult,
  type TopListIntent,
  type TopListItem,
  type TopListKind,
} from "~/domain/top-lists";
import { useLocalizedHref } from "../root-data";
import { TopListItemContent } from "./top-list-item";
import { TopListSearch } from "./top-list-search";

/** An item being moved: the order before the move (for Escape) and the order shown now. */
type Drag = { id: string; before: TopListItem[]; order: TopListItem[]; by: "keyboard" | "pointer" };

/**
 * The owner's top 10 of one kind (docs/rules/profiles.md#top-10-lists): add through a
 * search, remove, and reorder by dragging or with the keyboard on each item's
 * handle (Space/Enter picks up, arrows move, Space/Enter drops, Escape
 * cancels), every step announced. Changes show at once; the page's data,
 * reloaded once the server has answered, is the truth, so a refusal puts the
 * list back as it was and says why.
 */
export function TopListEditor({ kind, items }: { kind: TopListKind; items: TopListItem[] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  // Drawn alone in a member slot for its owner (decision 0067), where useId's ids are not the whole page's: one list of
  // each kind on a profile.
  const id = `top-list-${kind}`;
  const fetcher = useFetcher<TopListActionResult>();
  // The change shows at once and lasts until the submission (the action, then the loaders'
  // reload) is over: `items` is then the server's list, with the change or without it (refused).
  const [current, setOptimistic] = useOptimistic(items);
  const [drag, setDrag] = useState<Drag | null>(null);
  // The refusal answered last, until the member starts another change.
  const [dismissed, setDismissed] = useState<TopListActionResult | undefined>(undefined);
  const [announcement, setAnnouncement] = useState("");
  // Marked once the editor has hydrated: its server-rendered buttons do nothing before (browser tests wait for it).
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.setAttribute("data-interactive", ""), []);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const searchInput = useRef<HTMLInputElement>(null);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && !answer.ok && answer !== dismissed ? answer.error : null;

  const shown = drag?.order ?? current;
  const full = shown.length >= TOP_LIST_SIZE;

  // Reordering moves list items in the page, which can take the focus off the handle being moved.
  useLayoutEffect(() => {
    if (drag?.by === "keyboard") handles.current.get(drag.id)?.focus();
  }, [drag]);

  // A new change hides the last refusal; so does the status line's message, as when the refusal came.
  function dismissError() {
    if (!error) return;
    setDismissed(answer);
    setAnnouncement("");
  }

  function send(intent: TopListIntent, ids: string[], next: TopListItem[]) {
    dismissError();
    const body = new URLSearchParams({ intent, kind, [TOP_LIST_ENHANCED_FIELD]: "1" });
    for (const itemId of ids) body.append("id", itemId);
    startTransition(async () => {
      setOptimistic(next);
      await fetcher.submit(body, { method: "post", action: href("/profile/top-lists") });
    });
  }

  const say = (key: "pickedUp" | "moved" | "dropped" | "cancelled", item: TopListItem, order: TopListItem[]) =>
    setAnnouncement(
      t(`topLists.announce.${key}`, { name: item.name, position: order.findIndex((entry) => entry.id === item.id) + 1, total: order.length }),
    );

  function pickUp(item: TopListItem, by: Drag["by"]) {
    dismissError();
    setDrag({ id: item.id, before: shown, order: shown, by });
    if (by === "keyboard") say("pickedUp", item, shown);
  }

  function moveTo(target: number) {
    if (!drag) return;
    const from = drag.order.findIndex((entry) => entry.id === drag.id);
    const order = moveItem(drag.order, from, target);
    if (order.every((entry, index) => entry.id === drag.order[index]!.id)) return;
    setDrag({ ...drag, order });
    if (drag.by === "keyboard") say("moved", order.find((entry) => entry.id === drag.id)!, order);
  }

  function drop() {
    if (!drag) return;
    const item = drag.order.find((entry) => entry.id === drag.id)!;
    setDrag(null);
    say("dropped", item, drag.order);
    const changed = drag.order.some((entry, index) => entry.id !== drag.before[index]!.id);
    if (changed) send("reorder", drag.order.map((entry) => entry.id), drag.order);
  }

  function cancel() {
    if (!drag) return;
    const item = drag.before.find((entry) => entry.id === drag.id)!;
    setDrag(null);
    if (drag.by === "keyboard") say("cancelled", item, drag.before);
  }

  function onHandleKeyDown(event: React.KeyboardEvent<HTMLButtonElement>, index: number) {
    if (drag?.by !== "keyboard") return;
    const moves: Record<string, number> = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: shown.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    } else if (event.key === "Tab") {
      cancel();
    }
  }

  // Removing or adding while an item is held puts the held one back first.
  const settled = drag?.before ?? current;

  function remove(item: TopListItem) {
    setDrag(null);
    const next = settled.filter((entry) => entry.id !== item.id);
    send("remove", [item.id], next);
    setAnnouncement(t("topLists.announce.removed", { name: item.name }));
    searchInput.current?.focus();
  }

  function add(item: TopListItem) {
    if (settled.length >= TOP_LIST_SIZE || settled.some((entry) => entry.id === item.id)) return;
    setDrag(null);
    send("add", [item.id], [...settled, item]);
    setAnnouncement(t("topLists.announce.added", { name: item.name }));
    searchInput.current?.focus();
  }

  return (
    <section ref={section} aria-labelledby={`${id}-title`} className="rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t(`topLists.myTitle.${kind}`)}
        </h2>
        <span className="text-sm text-stone-600">{t("topLists.count", { count: shown.length, max: TOP_LIST_SIZE })}</span>
      </div>

      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t(`topLists.empty.${kind}`)}</p>
      ) : (
        <>
          <p id={`${id}-instructions`} className="mt-2 text-sm text-stone-600">
            {t("topLists.instructions")}
          </p>
          <ol className="mt-3 space-y-2" onDragOver={(event) => drag?.by === "pointer" && event.preventDefault()}>
            {shown.map((item, index) => {
              const moving = drag?.id === item.id;
              return (
                <li
                  key={item.id}
                  data-testid="top-list-item"
                  onDragOver={(event) => {
                    if (drag?.by !== "pointer") return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    if (!moving) moveTo(index);
                  }}
                  onDrop={(event) => {
                    if (drag?.by !== "pointer") return;
                    event.preventDefault();
                    drop();
                  }}
                  className={`flex items-center gap-2 rounded-xl border p-2 ${
                    moving ? "border-teal-600 bg-teal-50 ring-2 ring-teal-600" : "border-stone-100"
                  }`}
                >
                  <button
                    type="button"
                    ref={(element) => {
                      if (element) handles.current.set(item.id, element);
                      else handles.current.delete(item.id);
                    }}
                    draggable
                    aria-pressed={moving}
                    aria-label={t("topLists.moveHandle", { name: item.name, position: index + 1, total: shown.length })}
                    aria-describedby={`${id}-instructions`}
                    onClick={() => (moving ? drop() : pickUp(item, "keyboard"))}
                    onKeyDown={(event) => onHandleKeyDown(event, index)}
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = "move";
                      event.dataTransfer.setData("text/plain", item.name);
                      pickUp(item, "pointer");
                    }}
                    onDragEnd={() => {
                      // Dropped outside the list: nothing changes.
                      if (drag?.by === "pointer") cancel();
                    }}
                    className="cursor-grab touch-none rounded-lg p-2 text-stone-500 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-pressed:bg-teal-700 aria-pressed:text-white"
                  >
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-current">
                      <circle cx="7" cy="5" r="1.5" />
                      <circle cx="13" cy="5" r="1.5" />
                      <circle cx="7" cy="10" r="1.5" />
                      <circle cx="13" cy="10" r="1.5" />
                      <circle cx="7" cy="15" r="1.5" />
                      <circle cx="13" cy="15" r="1.5" />
                    </svg>
                  </button>
                  <span className="w-6 shrink-0 text-right font-bold text-stone-500">{index + 1}</span>
                  <TopListItemContent item={item} />
                  {/* A real form, so removing works before the page's script has loaded too. */}
                  <form
                    method="post"
                    action={href("/profile/top-lists")}
                    onSubmit={(event) => {
                      event.preventDefault();
                      remove(item);
                    }}
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="kind" value={kind} />
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      type="submit"
                      aria-label={t("topLists.removeItem", { name: item.name })}
                      className="rounded-full border border-stone-300 px-3 py-1 text-sm font-medium text-stone-800 hover:border-red-700 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                    >
                      {t("topLists.remove")}
                    </button>
                  </form>
                </li>
              );
            })}
          </ol>
        </>
      )}

      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}

      <TopListSearch kind={kind} listed={shown} full={full} onAdd={add} inputRef={searchInput} />

      <p role="status" data-testid="top-list-announcer" className="sr-only">
        {error ? "" : announcement}
      </p>
    </section>
  );
}

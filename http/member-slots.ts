import { Writable } from "node:stream";
import { Fragment, createContext, createElement, useContext, type ComponentType, type ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { StaticRouterProvider, createStaticHandler, createStaticRouter, type ServerBuild, type StaticHandler } from "react-router";
import type { MemberSlotComponent } from "../app/components/member-slot";
import type { AppLoadContext } from "../app/server/load-context";

/**
 * A member's own content for the slots of a shared page (decision 0064; the slots: app/components/member-slot.tsx).
 * The page's data is the visitors' (loaded once per kept page), with the member in the root's and their own fields
 * in the route's; React draws only the root's shell (whose header and bottom bar are slots) and the route's slots
 * (its `memberSlots` export), not the page around them. What the slots hold comes out of that markup by their tags.
 */
export type PageData = { root: Record<string, unknown>; route: Record<string, unknown> };
/** Which of the route's slots a render draws, by name (those the same for every member are drawn apart, once). */
const DrawnSlots = createContext<(name: string) => boolean>(() => true);

const SLOT_CONTENT = /<parcours-slot data-slot="([^"]+)">([\s\S]*?)<\/parcours-slot>/g;

/** Each slot's content in the markup: slots are never nested. */
function slotContents(html: string): Map<string, string> {
  return new Map([...html.matchAll(SLOT_CONTENT)].map(([, name, content]) => [name!, content!]));
}

/**
 * The markup of `element` once everything in it has loaded (the members' forms are lazy chunks), each Suspense
 * boundary in its place: React writes a large one after the rest, with a script that moves it (its
 * `progressiveChunkSize`), which a slot cannot carry.
 */
function renderWholeStream(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString());
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** A boundary `renderToString` could not finish (a lazy chunk not loaded yet in this process): drawn for the client. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * The same, at once when every lazy chunk in it has already loaded in this process (then nothing suspends: a tenth of
 * a slot render's time goes to the stream otherwise); through the stream the first times.
 */
async function renderWhole(element: ReactElement): Promise<string> {
  const html = renderToString(element);
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? renderWholeStream(element) : html;
}

type Handlers = { visitors: StaticHandler; slots: StaticHandler; sameForEveryMember: ReadonlySet<string>; sameForSamePart: ReadonlySet<string> };

/** The slot renderer of a build. */
export function memberSlotRenderer(build: ServerBuild) {
  const handlers = new Map<string, Handlers | null>();

  /** Two route trees for a page with slots: its real loaders (the visitors' data), and the slots drawn from given data. */
  function handlersOf(routeId: string): Handlers | null {
    if (handlers.has(routeId)) return handlers.get(routeId)!;
    const leaf = build.routes[routeId];
    const root = build.routes.root;
    const slots = (leaf?.module as { memberSlots?: MemberSlotComponent[] } | undefined)?.memberSlots;
    const found =
      leaf && root && leaf.parentId === "root" && Array.isArray(slots)
        ? {
            visitors: createStaticHandler([
              { id: "root", path: "", loader: root.module.loader, children: [{ id: routeId, path: leaf.path, index: leaf.index, loader: leaf.module.loader }] },
            ] as Parameters<typeof createStaticHandler>[0]),
            slots: createStaticHandler([
              {
                id: "root",
                path: "",
                loader: ({ context }: { context: PageData }) => context.root,
                Component: root.module.default as ComponentType,
                children: [
                  {
                    id: routeId,
                    path: leaf.path,
                    index: leaf.index,
                    loader: ({ context }: { context: PageData }) => context.route,
                    Component: function Slots() {
                      const drawn = useContext(DrawnSlots);
                      return createElement(Fragment, null, ...slots.filter((Slot) => drawn(Slot.slotName)).map((Slot) => createElement(Slot, { key: Slot.slotName })));
                    },
                  },
                ],
              },
            ] as Parameters<typeof createStaticHandler>[0]),
            sameForEveryMember: new Set(slots.filter((Slot) => Slot.sameForEveryMember).map((Slot) => Slot.slotName)),
            sameForSamePart: new Set(slots.filter((Slot) => Slot.sameForSamePart).map((Slot) => Slot.slotName)),
          }
        : null;
    handlers.set(routeId, found);
    return found;
  }

  return {
    /** The root's and the route's data as a visitor gets them at `request`'s address; null when it is no 200 page. */
    async visitorsData(routeId: string, request: Request, context: AppLoadContext): Promise<PageData | null> {
      const loaded = await handlersOf(routeId)!.visitors.query(request, { requestContext: { ...context, currentUser: null } });
      if (loaded instanceof Response || loaded.errors || loaded.statusCode !== 200) return null;
      return { root: loaded.loaderData.root as PageData["root"], route: loaded.loaderData[routeId] as PageData["route"] };
    },

    /** The names of the route's slots whose content is the same for every member (app/components/member-slot.tsx). */
    sameForEveryMember(routeId: string): ReadonlySet<string> {
      return handlersOf(routeId)!.sameForEveryMember;
    },

    /** The names of the route's slots whose content is the same for two members with the same part. */
    sameForSamePart(routeId: string): ReadonlySet<string> {
      return handlersOf(routeId)!.sameForSamePart;
    },

    /** The content of the root's slots and of the route's `drawn` ones, drawn from `data` (the member's). */
    async renderSlots(routeId: string, request: Request, data: PageData, drawn: (name: string) => boolean): Promise<Map<string, string>> {
      const { slots } = handlersOf(routeId)!;
      const loaded = await slots.query(request, { requestContext: data });
      if (loaded instanceof Response || loaded.errors) throw new Error(`the slots of ${routeId} could not be drawn`);
      const router = createStaticRouter(slots.dataRoutes, loaded);
      const page = createElement(StaticRouterProvider, { router, context: loaded, hydrate: false });
      return slotContents(await renderWhole(createElement(DrawnSlots.Provider, { value: drawn }, page)));
    },
  };
}

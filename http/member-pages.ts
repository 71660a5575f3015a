import crypto from "node:crypto";
import type http from "node:http";
import type { Logger } from "pino";
import { createRequestHandler, matchRoutes, type Params, type RouteObject, type ServerBuild } from "react-router";
import type { CurrentUser } from "../app/domain/current-user";
import { MEMBER_PAGE_CLASS, MEMBER_PAYLOAD_GLOBAL } from "../app/domain/member-payload";
import { countQueriesOf } from "../app/server/db/query-count";
import { LruCache } from "../app/server/lru-cache";
import type { AppLoadContext } from "../app/server/load-context";
import type { MessageTree } from "../app/i18n/message-tree";
import { RENDER_IN_FULL, memberPartReader, ownPageOf, slotPageMemberMessages, slotPartReader, type MemberPart, type SlotPartReader } from "../app/server/pages/member-parts";
import { localizedPath, splitLanguagePrefix, type Language } from "../app/domain/languages";
import { keptPageKey, mayCarrySession, pageEtag, sendKeptBody, UNKEPT_HEADERS } from "./anonymous-page-cache";
import { fetchHeaders } from "./fetch-headers";
import { MEMBER_HEADER, NO_MEMBER } from "./member-header";
import { redactedAddress } from "./redacted-address";
import { memberSlotRenderer, type PageData } from "./member-slots";
import { cutPage, prepareSplicedGzip, slotFill, type MemberFill, type SlotFill } from "./nonce-gzip";
import type { RenderedPage, RenderedPageCache } from "./rendered-page-cache";
import type { KeptAnswer } from "./kept-pages-first";

/**
 * Members share the pages visitors see (decision 0060). A member's GET of a shared page (one whose route has a
 * member part, app/server/pages/member-parts.ts) is answered here, before Express: the page kept for visitors —
 * rendered for visitors now if none is kept, and kept — with the member's own part spliced in before `</head>` as
 * a script the page reads when it runs. Per request there remain the session lookup, the member's own statements
 * and the splice; React renders nothing.
 *
 * What a member sees is never kept nor shared: the kept page is a visitor's render (no session looked up), the part
 * goes only into this response, which is `private, no-store`. Anything else — no member behind the cookie, the
 * administrator (who sees hidden content), a page whose part says RENDER_IN_FULL, a visitor's render that is not a
 * 200 page, an error — goes to Express and is rendered in full, as before.
 */
export type MemberPagesOptions = {
  keptPages: RenderedPageCache;
  build: ServerBuild;
  /** The load context of a visitor's render, but its logger and nonce. */
  visitorContext: Omit<AppLoadContext, "currentUser" | "logger" | "nonce">;
  resolveMember: (headers: Headers) => Promise<{ user: CurrentUser | null; setCookies: string[] }>;
  memberTag: (userId: string) => string;
  writeSecurityHeaders: (response: http.ServerResponse) => string;
  requestId: (request: http.IncomingMessage, response: http.ServerResponse) => string;
  watch: (response: http.ServerResponse) => void;
  logger: Logger;
  logged: (answer: KeptAnswer & { queries: number }) => void;
  /** The script element that loads a page's members' messages (http/member-messages-assets.ts). */
  memberMessagesTag: (routeName: string, language: Language | null) => Buffer;
};

/** The build's routes as the tree React Router matches against. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: routeTree(routes, route!.id) }) as RouteObject);
}

/** A member's part as the page reads it: a script whose JSON cannot close it (`<`) nor break the line it is on. */
function memberScript(nonce: string, user: CurrentUser, partJson: string, slots?: true): Buffer {
  // The part comes serialized: on a page with slots, the same text keys the member's drawn slots.
  const payload = `{"user":${JSON.stringify(user)},"part":${partJson}${slots ? ',"slots":true' : ""}}`;
  const json = payload.replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return Buffer.from(`<script nonce="${nonce}">${MEMBER_PAYLOAD_GLOBAL}=${json};document.documentElement.classList.add("${MEMBER_PAGE_CLASS}")</script>`);
}

/**
 * How many members' own slots stay drawn (decision 0071), all pages together: about 30 KB each, plain and compressed,
 * for the park page, so at most about 8 MB. A kept page lives 15 s at most (http/rendered-page-cache.ts), and its
 * members' slots are no use after it.
 */
const MEMBERS_SLOTS_KEPT = 256;

/** Who the slots the same for every member are drawn for: a member, no one's data (their content reads no more). */
const STAND_IN_MEMBER: CurrentUser = { id: "", username: "", isAdmin: false, adminAddressUnconfirmed: false, twoFactorEnabled: false };

/** A visitor's request for `address`, as React Router takes it: the member's headers but their cookie. */
function visitorsRequest(request: http.IncomingMessage, address: string): Request {
  return new Request(new URL(address, `http://${request.headers.host ?? "localhost"}`), { headers: fetchHeaders(request.headers, "cookie") });
}

export function memberPagesFirst(options: MemberPagesOptions): (request: http.IncomingMessage, response: http.ServerResponse) => false | Promise<boolean> {
  const routes = routeTree(options.build.routes);
  // React Router flattens and ranks the whole tree at each match (about 1 ms here, a third of a shared page's
  // budget): each address's route is kept.
  const matched = new LruCache<{ id: string; name: string; params: Params } | null>(2_000);
  const routeOf = (pathname: string) => {
    const known = matched.get(pathname);
    if (known !== undefined) return known;
    const leaf = matchRoutes(routes, pathname)?.at(-1);
    // The route's name: its id after the language prefix (app/routes.ts).
    const found = leaf ? { id: leaf.route.id!, name: leaf.route.id!.slice(leaf.route.id!.indexOf(":") + 1), params: leaf.params } : null;
    matched.set(pathname, found);
    return found;
  };
  const renderForVisitors = createRequestHandler(options.build, "production");
  const memberSlots = memberSlotRenderer(options.build);
  // What a kept page with slots holds for the members who share it (decision 0064): its visitors' data, loaded once,
  // and the content of its slots that is the same for every member, drawn once.
  type MembersShare = { id: number; data: PageData; everyMembersFills?: Promise<Map<string, SlotFill>> };
  let sharesMade = 0;
  // Members' own slots as drawn, by kept page (its share's id), address, member and part (ownFillsOf).
  const ownFillsDrawn = new LruCache<Promise<Map<string, SlotFill>>>(MEMBERS_SLOTS_KEPT);
  const keptPagesShare = new WeakMap<RenderedPage, MembersShare>();

  /** What the kept `page` holds for members, kept with it when no write came in between. */
  async function membersShareOf(page: RenderedPage, key: string, routeId: string, fetchRequest: Request, logger: Logger): Promise<MembersShare | null> {
    const known = keptPagesShare.get(page);
    if (known) return known;
    const startedIn = options.keptPages.generation();
    const data = await memberSlots.visitorsData(routeId, fetchRequest, { ...options.visitorContext, currentUser: null, logger, nonce: "" });
    if (!data) return null;
    const share = { id: ++sharesMade, data };
    if (startedIn === options.keptPages.generation() && options.keptPages.get(key) === page) keptPagesShare.set(page, share);
    return share;
  }

  /**
   * The slots of the page that are the same for every member (app/components/member-slot.tsx), drawn once per kept
   * page for a stand-in member and the visitors' data: no member's own data can reach them, whoever asks first.
   */
  function everyMembersFillsOf(share: MembersShare, routeId: string, fetchRequest: Request, memberMessages: MessageTree | undefined): Promise<Map<string, SlotFill>> {
    if (share.everyMembersFills) return share.everyMembersFills;
    const drawing = (async () => {
      const names = memberSlots.sameForEveryMember(routeId);
      const route = memberMessages ? { ...share.data.route, memberMessages } : share.data.route;
      const contents = await memberSlots.renderSlots(routeId, fetchRequest, { root: { ...share.data.root, user: STAND_IN_MEMBER }, route }, (name) => names.has(name));
      return new Map(await Promise.all([...contents].filter(([name]) => names.has(name)).map(async ([name, html]) => [name, await slotFill(html)] as const)));
    })();
    // A failed drawing is drawn again by the next member, not kept.
    drawing.catch(() => (share.everyMembersFills = undefined));
    share.everyMembersFills = drawing;
    return drawing;
  }

  /** A drawing of slots kept by `key` (decision 0071); a failed one is drawn again at the next request, not kept. */
  function drawnOnce(key: string, draw: () => Promise<Map<string, string>>): Promise<Map<string, SlotFill>> {
    const known = ownFillsDrawn.get(key);
    if (known) return known;
    const drawing = (async () => new Map(await Promise.all([...(await draw())].map(async ([name, html]) => [name, await slotFill(html)] as const))))();
    drawing.catch(() => ownFillsDrawn.delete(key));
    ownFillsDrawn.set(key, drawing);
    return drawing;
  }

  /**
   * The member's own slots, drawn from the kept page's data and their part (decision 0064). The drawing depends on
   * nothing else, so it is kept (decision 0071): the same member asking again, their part read again and unchanged,
   * gets the same slots without React drawing them again; and the slots that read the part but not who the member is
   * (app/components/member-slot.tsx, `sameForSamePart`) are drawn for a stand-in member and shared by every member
   * whose part is the same. The part, read per request, is in each key: their own write (a new part) or anyone's (a
   * new kept page, a new share) draws them anew.
   */
  async function ownFillsOf(share: MembersShare, routeId: string, slotsRequest: Request, user: CurrentUser, part: MemberPart, partJson: string, memberMessages: MessageTree | undefined) {
    const url = new URL(slotsRequest.url);
    const drawnFrom = `${share.id} ${url.pathname}${url.search}\n${partJson}`;
    const sameForEveryMember = memberSlots.sameForEveryMember(routeId);
    const sameForSamePart = memberSlots.sameForSamePart(routeId);
    const route = memberMessages ? { ...share.data.route, ...part, memberMessages } : { ...share.data.route, ...part };
    const [theirs, samePart] = await Promise.all([
      drawnOnce(`${drawnFrom}\n${JSON.stringify(user)}`, () =>
        memberSlots.renderSlots(routeId, slotsRequest, { root: { ...share.data.root, user }, route }, (name) => !sameForEveryMember.has(name) && !sameForSamePart.has(name)),
      ),
      sameForSamePart.size === 0
        ? new Map<string, SlotFill>()
        : drawnOnce(drawnFrom, async () => {
            const drawn = await memberSlots.renderSlots(routeId, slotsRequest, { root: { ...share.data.root, user: STAND_IN_MEMBER }, route }, (name) => sameForSamePart.has(name));
            // The root's slots of this drawing are the stand-in's: only the part's own are taken.
            return new Map([...drawn].filter(([name]) => sameForSamePart.has(name)));
          }),
    ]);
    return new Map([...theirs, ...samePart]);
  }

  /**
   * A member's own content for the slots of a page with slots (decision 0064), and their part (the route's fields
   * that are theirs). Undefined when the page must be rendered in full: no 200 page, or slots not the kept page's.
   * `visitorsAddress` is the kept page's: on a page of their own (decision 0067), not the one they asked for, where
   * their slots are drawn.
   */
  async function memberSlotsOf(request: http.IncomingMessage, page: RenderedPage, key: string, visitorsAddress: string, route: { id: string; name: string; params: Params }, readPart: SlotPartReader, user: CurrentUser, url: URL, logger: Logger) {
    const share = await membersShareOf(page, key, route.id, visitorsRequest(request, visitorsAddress), logger);
    if (!share) return undefined;
    const visitors = share.data;
    const ownFields = await readPart({ db: options.visitorContext.db, user, params: route.params, url, visitorsData: visitors.route });
    if (ownFields === RENDER_IN_FULL) return undefined;
    // The slots are drawn with the texts of the members' controls, which the visitors' data lacks (decision 0068); the
    // page loads them as a script of their own, not in the part (decision 0069).
    const { language } = splitLanguagePrefix(url.pathname);
    const memberMessages = slotPageMemberMessages(route.name, language);
    const partJson = JSON.stringify(ownFields);
    const slotsRequest = visitorsRequest(request, url.pathname + url.search);
    const [own, everyMembers] = await Promise.all([
      ownFillsOf(share, route.id, slotsRequest, user, ownFields, partJson, memberMessages),
      everyMembersFillsOf(share, route.id, slotsRequest, memberMessages),
    ]);
    const fills = new Map([...own, ...everyMembers]);
    const kept = page.gzip.slotOf.filter((slot) => slot !== null);
    if (kept.length !== fills.size || kept.some((slot) => !fills.has(slot))) return undefined;
    return { slots: fills, partJson, messagesTag: options.memberMessagesTag(route.name, language) };
  }

  /** The page a visitor gets at this address, kept for the next ones: rendered now when none is kept. */
  async function visitorsPage(request: http.IncomingMessage, key: string, address: string, logger: Logger): Promise<RenderedPage | undefined> {
    const kept = options.keptPages.get(key);
    if (kept) return kept;
    const startedIn = options.keptPages.generation();
    const nonce = crypto.randomBytes(16).toString("base64");
    const answer = await renderForVisitors(visitorsRequest(request, address), {
      ...options.visitorContext,
      currentUser: null,
      logger,
      nonce,
      drawnInDocument: new Map(),
    });
    if (answer.status !== 200 || !/^text\/html\b/i.test(answer.headers.get("content-type") ?? "") || answer.headers.has("set-cookie")) return undefined;
    const body = Buffer.from(await answer.arrayBuffer());
    const headers: RenderedPage["headers"] = [...answer.headers].filter(([name]) => !UNKEPT_HEADERS.has(name));
    headers.push([MEMBER_HEADER.toLowerCase(), NO_MEMBER]);
    const page = { headers, etag: pageEtag(body, nonce), cut: cutPage(body, nonce) };
    options.keptPages.store(key, startedIn, page);
    // A write landed during the render: not kept, but this member's answer may still show it (their part is read after).
    return options.keptPages.get(key) ?? { headers, etag: page.etag, gzip: prepareSplicedGzip(page.cut), storedAt: Date.now() };
  }

  /** False at once for a request that is not a member's GET of a shared page: it goes on to Express without waiting. */
  return (request, response) => {
    if (!mayCarrySession(request.headers.cookie) || request.headers["content-length"] || request.headers["transfer-encoding"]) return false;
    const address = request.url ?? "/";
    // Null but for a GET of a /fr/… or /en/… address.
    const key = keptPageKey(request, address);
    if (!key) return false;
    const url = new URL(address, "http://parcours.invalid");
    const route = routeOf(url.pathname);
    const readPart = route && memberPartReader(route.name);
    // Their own profile is the kept page of their public profile, their tools in its slots (decision 0067).
    const ownPage = route && ownPageOf(route.name, route.params);
    const readSlotPart = route && (ownPage?.readPart ?? slotPartReader(route.name));
    if (!route || !(readPart || readSlotPart)) return false;
    const startedAt = performance.now();
    const queries = { count: 0 };
    return countQueriesOf(queries, async () => {
      // Counted from now, like every request Express takes: a shutdown waits for it.
      options.watch(response);
      try {
        const { user, setCookies } = await options.resolveMember(fetchHeaders(request.headers));
        if (!user || user.isAdmin) return false;
        let member: (nonce: string) => MemberFill;
        let page: RenderedPage | undefined;
        if (readSlotPart) {
          const visitorsAddress = ownPage ? localizedPath(splitLanguagePrefix(url.pathname).language!, ownPage.visitorsPath(user)) + url.search : address;
          const visitorsKey = ownPage ? keptPageKey(request, visitorsAddress)! : key;
          // The kept page first: the member's own content, read after it, is at least as new.
          page = await visitorsPage(request, visitorsKey, visitorsAddress, options.logger);
          const own = page && (await memberSlotsOf(request, page, visitorsKey, visitorsAddress, route, readSlotPart, user, url, options.logger));
          if (!own) return false;
          member = (nonce) => ({ head: Buffer.concat([own.messagesTag, memberScript(nonce, user, own.partJson, true)]), slots: own.slots });
        } else {
          const part = await readPart!({ db: options.visitorContext.db, user, params: route.params, url });
          if (part === RENDER_IN_FULL) return false;
          page = await visitorsPage(request, key, address, options.logger);
          const partJson = JSON.stringify(part);
          member = (nonce) => ({ head: memberScript(nonce, user, partJson) });
        }
        if (!page) return false;
        const id = options.requestId(request, response);
        const nonce = options.writeSecurityHeaders(response);
        for (const [name, value] of page.headers) response.setHeader(name, value);
        for (const cookie of setCookies) response.appendHeader("Set-Cookie", cookie);
        response.setHeader(MEMBER_HEADER, options.memberTag(user.id));
        response.setHeader("Cache-Control", "private, no-store");
        response.setHeader("Vary", "Cookie, Accept-Language, Accept-Encoding");
        sendKeptBody(request, response, page, nonce, member(nonce));
        options.logged({ id, request, response, startedAt, queries: queries.count });
        return true;
      } catch (error) {
        // Express renders the page in full, and answers a database outage with its own page.
        options.logger.warn({ err: error, url: redactedAddress(address) }, "a member's shared page failed: rendered in full");
        return false;
      }
    });
  };
}

import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { ADMIN_INTENTS } from "~/domain/admin-intents";
import type { CurrentUser } from "~/domain/current-user";
import { DUEL_INTENTS } from "~/domain/duels";
import { ADD_RIDE_INTENT, RATE_RIDE_INTENT, RATE_PARK_INTENT, REPORT_INTENT, VOTE_INTENT } from "~/domain/page-intents";
import { TOP_LIST_INTENTS } from "~/domain/top-lists";
import { RIDE_LOG_IMPORT_INTENTS } from "~/domain/ride-log-import";
import { PLAN_INTENTS } from "~/domain/visit-plan";
import { RIDE_LOG_INTENTS } from "~/domain/ride-log";
import { ACCOUNT_INTENTS } from "~/server/accounts/account-intents";
import { signInWithPassword } from "~/server/accounts/sign-in";
import { callAuth } from "~/server/auth/call-auth";
import { suspendMember } from "~/server/auth/suspension";
import type { Database } from "~/server/db/database";
import * as schema from "~/server/db/schema";
import { recordDuel } from "~/server/duels/record-duel";
import { WRITE_LIMITS } from "~/server/allowances/write-limits";
import { savePlan } from "~/server/plans/save-plan";
import { addToTopList } from "~/server/profiles/top-lists";
import { confirmRideLogImport } from "~/server/ride-log/ride-log-import";
import { cookieFrom, solvedCaptcha, type createAuthContext } from "../support/auth-context";
import { createRide, createMemberWithPassword, createPark, MEMBER_PASSWORD } from "../support/factories";
import { secretOfTotpUri, totpCode } from "../support/totp";

export const ACTORS = ["visitor", "member", "owner", "otherMember", "suspended", "admin"] as const;
export type Actor = (typeof ACTORS)[number];

export type Person = { id: string; email: string; username: string; cookie: string };

/**
 * What one cell expects: the answer (a status, and for a redirect where it
 * goes) and whether the database changed. `ownerUntouched` adds that nothing
 * of the owner's changed — a write that acts on the caller's own things only,
 * sent by another member; `mails`, that an e-mail left (a confirmation link
 * is signed, not stored). `na` is a cell with no meaning for its write.
 */
export type Expectation = { status: number; location?: RegExp; writes: boolean; ownerUntouched?: boolean; mails?: boolean } | { na: string };

/** One cell's world: the caller (null for a visitor) and the owner of what the write names, both signed in. */
export type Scene = {
  role: Actor;
  caller: Person | null;
  owner: Person;
  db: Database;
  harness: ReturnType<typeof createAuthContext>;
};

/** The request a caller sends: urlencoded unless `multipart` (which may carry `files`) or `json`. */
export type Sent = {
  path: string;
  params?: Record<string, string>;
  fields?: Record<string, string | string[]>;
  files?: Record<string, File>;
  multipart?: boolean;
  json?: unknown;
  cookie?: string;
};

export type MatrixRow = {
  /** The route module's file, as app/routes.ts names it. */
  module: string;
  /** The write's intent, or null for a module whose action does one thing. */
  intent: string | null;
  /** Prepares a fresh target for this cell and says what the caller sends. */
  send: (scene: Scene) => Promise<Sent>;
  expected: Record<Actor, Expectation>;
};

/**
 * Intents the code declares as constants, by route module; the test adds
 * those it finds compared in the module's own source (`intent === "…"`, a
 * hidden `name="intent" value="…"`). The park and ride pages' tables also
 * take in the review lists' intents (reviewIntentHandlers).
 */
export const DECLARED_INTENTS: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(ADMIN_INTENTS).map(([screen, intents]) => [`routes/admin/${screen}.tsx`, intents])),
  "routes/account.tsx": ACCOUNT_INTENTS,
  "routes/profile-top-lists.tsx": TOP_LIST_INTENTS,
  "routes/duels.tsx": DUEL_INTENTS,
  "routes/api.plans.tsx": PLAN_INTENTS,
  "routes/ride-log.tsx": RIDE_LOG_IMPORT_INTENTS,
  "routes/api.ride-log.tsx": RIDE_LOG_INTENTS,
  "routes/park.tsx": [ADD_RIDE_INTENT, RATE_PARK_INTENT, VOTE_INTENT, REPORT_INTENT],
  "routes/attraction.tsx": [RATE_RIDE_INTENT, VOTE_INTENT, REPORT_INTENT],
};

// Outcomes, named for the table's sake.
const writes = (status = 200, location?: RegExp): Expectation => ({ status, location, writes: true });
const noWrite = (status: number, location?: RegExp): Expectation => ({ status, location, writes: false });
const ownOnly = (status = 200, location?: RegExp, changesSomething = true): Expectation => ({ status, location, writes: changesSomething, ownerUntouched: true });
const mails: Expectation = { status: 200, writes: false, mails: true };
const na = (reason: string): Expectation => ({ na: reason });
const TO_LOGIN = /^\/fr\/login(\?|$)/;
const toLogin = noWrite(302, TO_LOGIN);
const forbidden = noWrite(403);

/** Back-office rows: the administrator only; visitors and suspended members (signed out by the suspension) go to the login page. */
const adminOnly = (owner: Expectation = forbidden): Record<Actor, Expectation> => ({
  visitor: noWrite(302, /\/login\?redirectTo=%2Fadmin/),
  member: forbidden,
  owner,
  otherMember: forbidden,
  suspended: noWrite(302, /\/login\?redirectTo=%2Fadmin/),
  admin: writes(),
});

const asUser = (person: Person): CurrentUser => ({ id: person.id, username: person.username, isAdmin: false, twoFactorEnabled: false });

async function ownReview(db: Database, author: Person) {
  const park = await createPark(db);
  const [review] = await db.insert(schema.parkRatings).values({ parkId: park.id, userId: author.id, thrillRating: 4, visitDuration: "full_day", comment: "Bien" }).returning();
  return { park, review: review! };
}

async function ownRideReview(db: Database, author: Person) {
  const park = await createPark(db);
  const ride = await createRide(db, park.id);
  const [review] = await db.insert(schema.rideRatings).values({ rideId: ride.id, userId: author.id, rating: 4, audienceType: "thrill", comment: "Bien" }).returning();
  return { park, ride, review: review! };
}

/** Two roller coasters `rater` rated 4, so that they may be duelled. */
async function duelPair(db: Database, rater: Person) {
  const park = await createPark(db);
  const rides = [await createRide(db, park.id), await createRide(db, park.id)];
  for (const ride of rides) await db.insert(schema.rideRatings).values({ rideId: ride.id, userId: rater.id, rating: 4, audienceType: "thrill" });
  return rides.map((ride) => ride.id);
}

/** A second session of `person`'s (another browser), its id. */
async function secondSession(db: Database, person: Person) {
  const id = crypto.randomUUID();
  await db.insert(schema.sessions).values({ id, token: crypto.randomBytes(16).toString("hex"), userId: person.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return id;
}

/** Turns on two-factor authentication for `person` (confirmed with a code when `confirm`); its secret. */
async function twoFactorOf(scene: Scene, person: Person, confirm: boolean) {
  const request = () => scene.harness.browserRequest("/fr/account", { cookie: person.cookie });
  const enabled = await callAuth(scene.harness.context, request(), "/two-factor/enable", { password: MEMBER_PASSWORD });
  const secret = secretOfTotpUri(String(enabled.body!.totpURI));
  if (confirm) {
    const confirmed = await callAuth(scene.harness.context, request(), "/two-factor/verify-totp", { code: totpCode(secret) });
    // The confirmation renews the session: the person's browser keeps the new cookie.
    person.cookie = cookieFrom(confirmed.setCookies);
  }
  return { secret, backupCodes: enabled.body!.backupCodes as string[] };
}

/** Whose things a self-service write acts on: the other member names the owner's, everyone else their own. */
const subjectOf = (scene: Scene) => (scene.role === "otherMember" || !scene.caller ? scene.owner : scene.caller);

const account = (fields: Record<string, string>): Sent => ({ path: "/fr/account", fields });

// ---- the account page: every intent acts on the session's own account -------------------------------

/** Account rows: members and the administrator change their own account; another member only theirs, whatever the form says. */
const accountCells = (overrides: Partial<Record<Actor, Expectation>> = {}): Record<Actor, Expectation> => ({
  visitor: toLogin,
  member: writes(),
  owner: writes(),
  otherMember: ownOnly(),
  suspended: toLogin,
  admin: writes(),
  ...overrides,
});

const ACCOUNT_ROWS: MatrixRow[] = [
  {
    module: "routes/account.tsx",
    intent: "change-username",
    send: async (scene) => account({ intent: "change-username", username: `n_${crypto.randomBytes(4).toString("hex")}`, userId: scene.owner.id }),
    expected: accountCells(),
  },
  {
    module: "routes/account.tsx",
    intent: "change-email",
    send: async (scene) => account({ intent: "change-email", email: `new-${crypto.randomBytes(4).toString("hex")}@example.com`, currentPassword: MEMBER_PASSWORD, userId: scene.owner.id }),
    // The administrator's address is ADMIN_EMAIL, the role itself: it does not change from the site.
    expected: accountCells({ admin: forbidden }),
  },
  {
    module: "routes/account.tsx",
    intent: "resend-confirmation",
    send: async (scene) => {
      // The resend is for an address awaiting confirmation, the subject's own, and not within a minute of another e-mail.
      const subject = subjectOf(scene);
      await scene.db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, subject.id));
      await scene.db.delete(schema.userWriteLimits).where(eq(schema.userWriteLimits.userId, subject.id));
      return account({ intent: "resend-confirmation", userId: scene.owner.id });
    },
    // The other member's own address is confirmed already: nothing to resend, whoever's address awaits.
    expected: accountCells({ member: mails, owner: mails, otherMember: noWrite(409), admin: mails }),
  },
  {
    module: "routes/account.tsx",
    intent: "change-password",
    send: async () => account({ intent: "change-password", currentPassword: MEMBER_PASSWORD, password: "Nouveau2026x", confirmPassword: "Nouveau2026x" }),
    expected: accountCells(),
  },
  {
    module: "routes/account.tsx",
    intent: "revoke-session",
    // The form names a session: another member, or the administrator, naming the owner's is told it does not exist.
    send: async (scene) => {
      const holder = scene.role === "member" || scene.role === "owner" ? scene.caller! : scene.owner;
      return account({ intent: "revoke-session", sessionId: await secondSession(scene.db, holder) });
    },
    expected: accountCells({ otherMember: noWrite(404), admin: noWrite(404) }),
  },
  {
    module: "routes/account.tsx",
    intent: "logout-everywhere",
    send: async (scene) => account({ intent: "logout-everywhere", userId: scene.owner.id }),
    expected: accountCells({ member: writes(302, TO_LOGIN), owner: writes(302, TO_LOGIN), otherMember: ownOnly(302, TO_LOGIN), admin: writes(302, TO_LOGIN) }),
  },
  {
    module: "routes/account.tsx",
    intent: "delete-account",
    send: async (scene) => account({ intent: "delete-account", currentPassword: MEMBER_PASSWORD, confirmUsername: scene.caller?.username ?? scene.owner.username, userId: scene.owner.id }),
    expected: accountCells({
      member: writes(302, /^\/fr\/?\?account=deleted$/),
      owner: writes(302, /^\/fr\/?\?account=deleted$/),
      otherMember: ownOnly(302, /^\/fr\/?\?account=deleted$/),
      // The administrator's account cannot be deleted from the site (docs/rules/accounts.md#account-deletion).
      admin: forbidden,
    }),
  },
  {
    module: "routes/account.tsx",
    intent: "enable-two-factor",
    send: async (scene) => account({ intent: "enable-two-factor", password: MEMBER_PASSWORD, userId: scene.owner.id }),
    expected: accountCells(),
  },
  {
    module: "routes/account.tsx",
    intent: "verify-two-factor",
    // The code confirms the subject's pending setup: another member sending the owner's code confirms nothing.
    send: async (scene) => {
      const { secret } = await twoFactorOf(scene, subjectOf(scene), false);
      return account({ intent: "verify-two-factor", code: totpCode(secret) });
    },
    expected: accountCells({ otherMember: noWrite(400) }),
  },
  {
    module: "routes/account.tsx",
    intent: "disable-two-factor",
    send: async (scene) => {
      const subject = subjectOf(scene);
      const [user] = await scene.db.select({ on: schema.users.twoFactorEnabled }).from(schema.users).where(eq(schema.users.id, subject.id));
      if (!user?.on) await twoFactorOf(scene, subject, true);
      return account({ intent: "disable-two-factor", password: MEMBER_PASSWORD, userId: scene.owner.id });
    },
    expected: accountCells(),
  },
];

// ---- the park and ride pages ---------------------------------------------------------------------

const pagePath = (slug: string, intent: string) => `/fr/${slug}?intent=${intent}`;

/** Votes and reports: any member on another's review, never the author on their own. */
const reviewCells: Record<Actor, Expectation> = {
  visitor: toLogin,
  member: writes(),
  owner: forbidden,
  otherMember: writes(),
  suspended: toLogin,
  admin: writes(),
};

const PAGE_ROWS: MatrixRow[] = [
  {
    module: "routes/park.tsx",
    intent: RATE_PARK_INTENT,
    // The owner updates their rating; anyone else adds their own beside it.
    send: async (scene) => {
      const { park } = await ownReview(scene.db, scene.owner);
      return { path: pagePath(park.slug, RATE_PARK_INTENT), params: { parkSlug: park.slug }, multipart: true, fields: { thrill: "2", visitDuration: "half_day", comment: "Revu" } };
    },
    expected: { visitor: toLogin, member: ownOnly(), owner: writes(), otherMember: ownOnly(), suspended: toLogin, admin: ownOnly() },
  },
  {
    module: "routes/park.tsx",
    intent: ADD_RIDE_INTENT,
    // A ride may be added to any published park, the owner's (its contributor's) included.
    send: async (scene) => {
      const park = await createPark(scene.db, { createdBy: scene.owner.id });
      return { path: pagePath(park.slug, ADD_RIDE_INTENT), params: { parkSlug: park.slug }, multipart: true, fields: { name: `Ride ${crypto.randomBytes(3).toString("hex")}`, type: "flat_ride" } };
    },
    expected: { visitor: toLogin, member: writes(), owner: writes(), otherMember: writes(), suspended: toLogin, admin: writes() },
  },
  {
    module: "routes/park.tsx",
    intent: VOTE_INTENT,
    send: async (scene) => {
      const { park, review } = await ownReview(scene.db, scene.owner);
      return { path: pagePath(park.slug, VOTE_INTENT), params: { parkSlug: park.slug }, fields: { ratingType: "park", ratingId: review.id, vote: "helpful" } };
    },
    expected: reviewCells,
  },
  {
    module: "routes/park.tsx",
    intent: REPORT_INTENT,
    send: async (scene) => {
      const { park, review } = await ownReview(scene.db, scene.owner);
      return { path: pagePath(park.slug, REPORT_INTENT), params: { parkSlug: park.slug }, fields: { ratingType: "park", ratingId: review.id, reason: "Propos injurieux" } };
    },
    expected: reviewCells,
  },
  {
    module: "routes/attraction.tsx",
    intent: RATE_RIDE_INTENT,
    send: async (scene) => {
      const { park, ride } = await ownRideReview(scene.db, scene.owner);
      return { path: pagePath(`${park.slug}/${ride.slug}`, RATE_RIDE_INTENT), params: { parkSlug: park.slug, rideSlug: ride.slug }, fields: { rating: "2", audienceType: "kids", comment: "Revu" } };
    },
    expected: { visitor: toLogin, member: ownOnly(), owner: writes(), otherMember: ownOnly(), suspended: toLogin, admin: ownOnly() },
  },
  ...[VOTE_INTENT, REPORT_INTENT].map(
    (intent): MatrixRow => ({
      module: "routes/attraction.tsx",
      intent,
      send: async (scene) => {
        const { park, ride, review } = await ownRideReview(scene.db, scene.owner);
        const fields: Record<string, string> = intent === VOTE_INTENT ? { vote: "unhelpful" } : { reason: "Hors sujet" };
        return { path: pagePath(`${park.slug}/${ride.slug}`, intent), params: { parkSlug: park.slug, rideSlug: ride.slug }, fields: { ratingType: "attraction", ratingId: review.id, ...fields } };
      },
      expected: reviewCells,
    }),
  ),
];

// ---- contributions, suggestions, top lists, duels, plans -----------------------------------------

const CREATES_ONLY = "the write creates a new object: nobody owns it yet (the member cell covers it)";

const MEMBER_ROWS: MatrixRow[] = [
  {
    module: "routes/contribute.tsx",
    intent: null,
    send: async () => ({
      path: "/fr/contribute",
      multipart: true,
      fields: { name: `Parc ${crypto.randomBytes(4).toString("hex")}`, region: "Oise", country: "France", descriptionFr: "Un parc.", adultPrice: "54.90", openingYear: "1989" },
    }),
    expected: { visitor: toLogin, member: writes(302, /^\/fr\/?$/), owner: na(CREATES_ONLY), otherMember: writes(302, /^\/fr\/?$/), suspended: toLogin, admin: writes(302, /^\/fr\/?$/) },
  },
  ...(["park", "attraction"] as const).map(
    (kind): MatrixRow => ({
      module: `routes/${kind}-suggest.tsx`,
      intent: null,
      // The owner's pending suggestion on the target is replaced by theirs; anyone else's is added beside it.
      send: async (scene): Promise<Sent> => {
        const park = await createPark(scene.db, { adultPrice: 30 });
        if (kind === "park") {
          await scene.db.insert(schema.parkSuggestions).values({ parkId: park.id, suggestedBy: scene.owner.id, suggestedChanges: { adultPrice: 35 }, originalValues: { adultPrice: 30 }, reason: "Tarif" });
          return { path: `/fr/parks/${park.id}/suggest`, params: { id: park.id }, multipart: true, fields: { adultPrice: "45", reason: "Nouveau tarif" } };
        }
        const ride = await createRide(scene.db, park.id);
        await scene.db.insert(schema.rideSuggestions).values({ rideId: ride.id, suggestedBy: scene.owner.id, suggestedChanges: { inversions: 2 }, originalValues: { inversions: null }, reason: "Compté" });
        return { path: `/fr/attractions/${ride.id}/suggest`, params: { id: ride.id }, multipart: true, fields: { inversions: "3", reason: "Recompté" } };
      },
      expected: { visitor: noWrite(401), member: ownOnly(), owner: writes(), otherMember: ownOnly(), suspended: noWrite(401), admin: ownOnly() },
    }),
  ),
  ...TOP_LIST_INTENTS.map(
    (intent): MatrixRow => ({
      module: "routes/profile-top-lists.tsx",
      intent,
      // Whose list comes from the session: another member naming the owner's parks edits their own list only.
      send: async (scene) => {
        const parks = [await createPark(scene.db), await createPark(scene.db)];
        const listed = intent === "add" ? parks.slice(0, 1) : parks;
        // A reorder names the whole list: it starts from these parks only.
        await scene.db.delete(schema.userTopParks).where(eq(schema.userTopParks.userId, subjectOf(scene).id));
        for (const park of listed) await addToTopList(scene.db, subjectOf(scene).id, "park", park.id);
        const fields = intent === "add" ? { id: parks[1]!.id } : intent === "remove" ? { id: parks[0]!.id } : { id: [parks[1]!.id, parks[0]!.id] };
        return { path: "/fr/profile/top-lists", fields: { intent, kind: "park", ...fields } };
      },
      expected: {
        visitor: toLogin,
        member: writes(302, /^\/fr\/profile$/),
        owner: writes(302, /^\/fr\/profile$/),
        // Removing the owner's park from a list that lacks it changes nothing; a reorder must name the caller's own list.
        otherMember: intent === "add" ? ownOnly(302, /^\/fr\/profile$/) : intent === "remove" ? ownOnly(302, /^\/fr\/profile$/, false) : noWrite(400),
        suspended: toLogin,
        admin: writes(302, /^\/fr\/profile$/),
      },
    }),
  ),
  {
    module: "routes/duels.tsx",
    intent: "duel",
    // Only rides the caller rated may be duelled: the other member sends a pair only the owner rated.
    send: async (scene) => {
      const [winnerId, loserId] = await duelPair(scene.db, subjectOf(scene));
      return { path: "/fr/duels?type=roller_coaster", fields: { intent: "duel", winnerId: winnerId!, loserId: loserId! } };
    },
    expected: { visitor: toLogin, member: writes(), owner: writes(), otherMember: noWrite(400), suspended: toLogin, admin: writes() },
  },
  {
    module: "routes/duels.tsx",
    intent: "reset",
    // The owner's duels stay when another member resets theirs.
    send: async (scene) => {
      const subject = subjectOf(scene);
      const [winnerId, loserId] = await duelPair(scene.db, subject);
      await recordDuel(scene.db, asUser(subject), "roller_coaster", winnerId!, loserId!);
      return { path: "/fr/duels?type=roller_coaster", fields: { intent: "reset", confirm: "yes" } };
    },
    expected: { visitor: toLogin, member: writes(), owner: writes(), otherMember: ownOnly(200, undefined, false), suspended: toLogin, admin: writes() },
  },
  {
    module: "routes/api.plans.tsx",
    intent: "save",
    // A plan is the session's member's: another member saving the same park writes a plan of their own.
    send: async (scene) => {
      const park = await createPark(scene.db);
      const ride = await createRide(scene.db, park.id);
      await savePlan(scene.db, asUser(scene.owner), park.id, { version: 0, name: "", entries: [{ rideId: ride.id, isPriority: false }] });
      const version = scene.role === "owner" ? 1 : 0;
      return { path: `/api/plans/${park.id}`, params: { parkId: park.id }, json: { intent: "save", version, name: "Matin", entries: [{ rideId: ride.id, isPriority: true }] } };
    },
    expected: { visitor: noWrite(401), member: ownOnly(), owner: writes(), otherMember: ownOnly(), suspended: noWrite(401), admin: ownOnly() },
  },
  {
    module: "routes/api.plans.tsx",
    intent: "complete",
    // The ride is in the subject's plan and rated by them; the other member has no plan of that park.
    send: async (scene) => {
      const subject = subjectOf(scene);
      const park = await createPark(scene.db);
      const ride = await createRide(scene.db, park.id);
      await scene.db.insert(schema.rideRatings).values({ rideId: ride.id, userId: subject.id, rating: 4, audienceType: "thrill" });
      await savePlan(scene.db, asUser(subject), park.id, { version: 0, name: "", entries: [{ rideId: ride.id, isPriority: false }] });
      return { path: `/api/plans/${park.id}`, params: { parkId: park.id }, json: { intent: "complete", rideId: ride.id, version: 1 } };
    },
    expected: { visitor: noWrite(401), member: writes(), owner: writes(), otherMember: noWrite(400), suspended: noWrite(401), admin: writes() },
  },
  // The ride log (docs/rules/ride-log.md): each member writes their own log only; an entry is reached by its owner alone.
  ...(["log", "wish", "settings"] as const).map(
    (intent): MatrixRow => ({
      module: "routes/api.ride-log.tsx",
      intent,
      send: async (scene) => {
        const ride = await createRide(scene.db, (await createPark(scene.db)).id);
        const json =
          intent === "log"
            ? { intent, rideId: ride.id, entry: { id: crypto.randomUUID(), riddenOn: "2026-05-01", times: 2, note: "" } }
            : intent === "wish"
              ? { intent, rideId: ride.id, wished: true }
              : { intent, coastersOnly: true, countRemoved: false, visibility: "credits" };
        return { path: "/api/ride-log", json };
      },
      expected: { visitor: noWrite(401), member: ownOnly(), owner: writes(), otherMember: ownOnly(), suspended: noWrite(401), admin: ownOnly() },
    }),
  ),
  ...(["edit", "delete"] as const).map(
    (intent): MatrixRow => ({
      module: "routes/api.ride-log.tsx",
      intent,
      // The entry is the owner's: anyone else's request finds no entry of theirs under its id. An edit is refused; a
      // delete, idempotent, answers the caller's own (empty) log of the ride it names, deleting nothing.
      send: async (scene) => {
        const ride = await createRide(scene.db, (await createPark(scene.db)).id);
        const id = crypto.randomUUID();
        await scene.db.insert(schema.rideLogEntries).values({ id, userId: scene.owner.id, rideId: ride.id, riddenOn: "2026-05-01", times: 1 });
        await scene.db.insert(schema.rideLogTallies).values({ userId: scene.owner.id, rideId: ride.id, times: 1, entries: 1, firstOn: "2026-05-01", lastOn: "2026-05-01" });
        return { path: "/api/ride-log", json: intent === "edit" ? { intent, entry: { id, riddenOn: "2026-05-02", times: 3 } } : { intent, entryId: id, rideId: ride.id } };
      },
      expected: (() => {
        const someoneElse = intent === "edit" ? noWrite(404) : ownOnly(200, undefined, false);
        return { visitor: noWrite(401), member: someoneElse, owner: writes(), otherMember: someoneElse, suspended: noWrite(401), admin: someoneElse };
      })(),
    }),
  ),
  ...((): MatrixRow[] => {
    /** A file naming a ride of its own, for one cell: its text and the checkbox its preview ticks. */
    const importFile = async (scene: Scene) => {
      const park = await createPark(scene.db, { name: `Parc ${crypto.randomBytes(4).toString("hex")}` });
      const ride = await createRide(scene.db, park.id);
      return { csv: `parc;attraction;date\n${park.name};${ride.name};2025-07-14\n`, keep: `2:${ride.id}` };
    };
    return [
      {
        module: "routes/ride-log.tsx",
        intent: "preview",
        // The preview reads only (docs/rules/ride-log.md#import-and-export): nothing is written for anyone.
        send: async (scene) => {
          const { csv } = await importFile(scene);
          return { path: "/fr/profile/ride-log", multipart: true, fields: { intent: "preview" }, files: { file: new File([csv], "carnet.csv", { type: "text/csv" }) } };
        },
        expected: { visitor: toLogin, member: noWrite(200), owner: noWrite(200), otherMember: noWrite(200), suspended: toLogin, admin: noWrite(200) },
      },
      {
        module: "routes/ride-log.tsx",
        intent: "confirm",
        // An import goes into the session's member's log, whoever else's rides the file names.
        send: async (scene) => {
          const { csv, keep } = await importFile(scene);
          return { path: "/fr/profile/ride-log", multipart: true, fields: { intent: "confirm", csv, keep } };
        },
        expected: { visitor: toLogin, member: writes(), owner: na(CREATES_ONLY), otherMember: writes(), suspended: toLogin, admin: writes() },
      },
      {
        module: "routes/ride-log.tsx",
        intent: "undo",
        // The owner's import: only they may undo it; to anyone else it does not exist.
        send: async (scene) => {
          const { csv, keep } = await importFile(scene);
          const [line, rideId] = keep.split(":");
          // Made outside the owner's allowance, which the cells' own writes spend.
          await confirmRideLogImport(scene.db, asUser(scene.owner), csv, new Map([[Number(line), rideId!]]), { ...WRITE_LIMITS, rideLogImport: [] });
          const [made] = await scene.db
            .select({ id: schema.rideLogImports.id })
            .from(schema.rideLogImports)
            .where(eq(schema.rideLogImports.userId, scene.owner.id))
            .orderBy(desc(schema.rideLogImports.createdAt))
            .limit(1);
          return { path: "/fr/profile/ride-log", multipart: true, fields: { intent: "undo", importId: made!.id } };
        },
        expected: { visitor: toLogin, member: noWrite(404), owner: writes(), otherMember: noWrite(404), suspended: toLogin, admin: noWrite(404) },
      },
    ];
  })(),
  {
    module: "routes/api.waits.tsx",
    intent: null,
    // A wait report (docs/rules/waits.md#reporting-a-wait) is the session's member's own: a new ride each cell, so that
    // each caller's report is a new one (the typical waits it moves name no member).
    send: async (scene) => {
      const ride = await createRide(scene.db, (await createPark(scene.db)).id);
      return { path: "/api/waits", json: { rideId: ride.id, minutes: 25, happenedAt: new Date().toISOString() } };
    },
    expected: { visitor: noWrite(401), member: ownOnly(), owner: writes(), otherMember: ownOnly(), suspended: noWrite(401), admin: ownOnly() },
  },
  {
    module: "routes/api.v1.tsx",
    intent: null,
    // The public read API only reads (decision 0036): a write is 405 for everyone, whoever is signed in.
    send: async () => ({ path: "/api/v1/parks", params: { "*": "parks" }, fields: { name: "Parc" } }),
    expected: { visitor: noWrite(405), member: noWrite(405), owner: noWrite(405), otherMember: noWrite(405), suspended: noWrite(405), admin: noWrite(405) },
  },
];

// ---- the back office: every intent of ADMIN_INTENTS, on a target the owner authored ---------------

async function pendingPark(db: Database, owner: Person) {
  return createPark(db, { moderationStatus: "pending", createdBy: owner.id });
}

/** A ride the owner added, and a removed ride of another park it may be said to continue. */
async function relocatedRide(db: Database, owner: Person) {
  const original = await createRide(db, (await createPark(db)).id, { status: "removed" });
  const moved = await createRide(db, (await createPark(db)).id, { createdBy: owner.id });
  return { moved, original };
}

/** Each settings save differs from the one before it, so that it changes something. */
let settingsSaves = 0;

const ADMIN_ROWS: MatrixRow[] = [
  ...ADMIN_INTENTS.parks.map(
    (intent): MatrixRow => ({
      module: "routes/admin/parks.tsx",
      intent,
      send: async (scene) => {
        const park = await pendingPark(scene.db, scene.owner);
        return { path: "/admin/parks", fields: { intent, id: park.id, reason: "Doublon", name: `Renamed ${park.slug}`, region: "Ailleurs", country: "France", descriptionFr: "Texte" } };
      },
      expected: adminOnly(),
    }),
  ),
  ...ADMIN_INTENTS.attractions
    .filter((intent) => intent !== "setContinues" && intent !== "clearContinues")
    .map(
      (intent): MatrixRow => ({
        module: "routes/admin/attractions.tsx",
        intent,
        send: async (scene) => {
          const park = await createPark(scene.db);
          const ride = await createRide(scene.db, park.id, { moderationStatus: "pending", createdBy: scene.owner.id });
          return { path: "/admin/attractions", fields: { intent, id: ride.id, reason: "Doublon", name: `Renamed ${ride.slug}`, type: "roller_coaster", status: "operating" } };
        },
        expected: adminOnly(),
      }),
    ),
  // The ride it continues (docs/rules/back-office.md#ride-relocation): a ride of the owner's, moved from another park.
  {
    module: "routes/admin/attractions.tsx",
    intent: "setContinues",
    send: async (scene) => {
      const { moved, original } = await relocatedRide(scene.db, scene.owner);
      return { path: "/admin/attractions", fields: { intent: "setContinues", id: moved.id, continuesId: original.id } };
    },
    expected: adminOnly(),
  },
  {
    module: "routes/admin/attractions.tsx",
    intent: "clearContinues",
    send: async (scene) => {
      const { moved, original } = await relocatedRide(scene.db, scene.owner);
      await scene.db.update(schema.rides).set({ continuesId: original.id }).where(eq(schema.rides.id, moved.id));
      return { path: "/admin/attractions", fields: { intent: "clearContinues", id: moved.id } };
    },
    expected: adminOnly(),
  },
  ...ADMIN_INTENTS.members.map(
    (intent): MatrixRow => ({
      module: "routes/admin/members.tsx",
      intent,
      // The owner is the member the action is about: they cannot suspend, reactivate or delete themselves from here.
      send: async (scene) => {
        if (intent === "reactivate") await suspendMember(scene.db, scene.owner.id, "Spam");
        return { path: "/admin/users", fields: { intent, id: scene.owner.id, reason: "Spam" } };
      },
      // Reactivating needs the owner suspended, which signs them out: their cookie then arrives like a suspended member's.
      expected: intent === "reactivate" ? adminOnly(noWrite(302, /\/login\?redirectTo=%2Fadmin/)) : adminOnly(),
    }),
  ),
  {
    module: "routes/admin/ratings.tsx",
    intent: "delete",
    send: async (scene) => {
      const { review } = await ownReview(scene.db, scene.owner);
      return { path: "/admin/ratings", fields: { intent: "delete", id: review.id, type: "park" } };
    },
    expected: adminOnly(),
  },
  ...ADMIN_INTENTS.comments.map(
    (intent): MatrixRow => ({
      module: "routes/admin/comments.tsx",
      intent,
      // A report on the owner's review.
      send: async (scene) => {
        const { review } = await ownReview(scene.db, scene.owner);
        const reporter = await createMemberWithPassword(scene.db);
        const [report] = await scene.db.insert(schema.commentReports).values({ commentType: "park", commentId: review.id, reportedBy: reporter.id, reason: "Spam" }).returning();
        return { path: "/admin/comments", fields: { intent, id: report!.id, reason: "Traité" } };
      },
      expected: adminOnly(),
    }),
  ),
  ...ADMIN_INTENTS.suggestions.map(
    (intent): MatrixRow => ({
      module: "routes/admin/suggestions.tsx",
      intent,
      send: async (scene) => {
        const park = await createPark(scene.db, { adultPrice: 30 });
        const [suggestion] = await scene.db
          .insert(schema.parkSuggestions)
          .values({ parkId: park.id, suggestedBy: scene.owner.id, suggestedChanges: { adultPrice: 35 }, originalValues: { adultPrice: 30 }, reason: "Nouveau tarif" })
          .returning();
        return { path: "/admin/suggestions", fields: { intent, kind: "park", id: suggestion!.id, confirmed: "adultPrice", reason: "Non" } };
      },
      expected: adminOnly(),
    }),
  ),
  ...ADMIN_INTENTS.settings.map(
    (intent): MatrixRow => ({
      module: "routes/admin/settings.tsx",
      intent,
      send: async () => ({
        path: "/admin/settings",
        fields: { intent, maxReportsBeforeHide: String((settingsSaves++ % 10) + 1), autoModeration: "on", requireApproval: "", emailNotifications: "on", digestFrequency: settingsSaves % 2 ? "weekly" : "daily" },
      }),
      expected: adminOnly(na("the site's settings belong to no member")),
    }),
  ),
];

// ---- signing in and out: visitors' writes ----------------------------------------------------------

const ANONYMOUS = "the write is a visitor's (signing in or up): a signed-in caller's session plays no part, so the visitor cell covers every signed-in role";

const SIGN_IN_ROWS: MatrixRow[] = [
  {
    module: "routes/login.tsx",
    intent: "login",
    // The suspended member signs in with their own password: refused with the suspension's reason.
    send: async (scene) => {
      const holder = scene.role === "suspended" ? await suspendedAccount(scene.db) : await createMemberWithPassword(scene.db);
      return { path: "/fr/login", fields: { intent: "login", email: holder.email, password: MEMBER_PASSWORD } };
    },
    expected: { visitor: writes(302, /^\/fr\/?$/), member: writes(302, /^\/fr\/?$/), owner: na(ANONYMOUS), otherMember: na(ANONYMOUS), suspended: noWrite(403), admin: writes(302, /^\/fr\/?$/) },
  },
  {
    module: "routes/login.tsx",
    intent: "reset",
    // Anyone may ask for a reset link for any address; the answer is the same whether it has an account.
    send: async (scene) => {
      const holder = await createMemberWithPassword(scene.db);
      return { path: "/fr/login", fields: { intent: "reset", email: holder.email } };
    },
    expected: { visitor: writes(), member: writes(), owner: na(ANONYMOUS), otherMember: na(ANONYMOUS), suspended: writes(), admin: writes() },
  },
  ...(["totp", "backup"] as const).map(
    (intent): MatrixRow => ({
      module: "routes/login-two-factor.tsx",
      intent,
      // The owner passed the password step of their two-factor account: only that step's cookie opens the session.
      send: async (scene) => {
        const holder = await createMemberWithPassword(scene.db);
        const { secret, backupCodes } = await twoFactorOf(scene, { ...holder, cookie: await scene.harness.openSession(holder.id) }, true);
        const code = intent === "totp" ? totpCode(secret) : backupCodes[0]!;
        if (scene.role !== "owner") return { path: "/fr/login/two-factor", fields: { intent, code } };
        const challenge = await signInWithPassword(scene.harness.context, scene.harness.browserRequest("/fr/login"), holder.email, MEMBER_PASSWORD);
        if (challenge.kind !== "two-factor") throw new Error(`sign-in: ${challenge.kind}`);
        return { path: "/fr/login/two-factor", fields: { intent, code }, cookie: cookieFrom(challenge.setCookies) };
      },
      expected: { visitor: noWrite(400), member: noWrite(400), owner: writes(302, /^\/fr\/?$/), otherMember: noWrite(400), suspended: noWrite(400), admin: noWrite(400) },
    }),
  ),
  {
    module: "routes/signup.tsx",
    intent: null,
    send: async (scene) => {
      const name = `new_${crypto.randomBytes(4).toString("hex")}`;
      const password = "Inscription2026";
      return {
        path: "/fr/signup",
        fields: { username: name, email: `${name}@example.com`, password, confirmPassword: password, acceptTerms: "on", altcha: await solvedCaptcha(scene.harness.context.authSecret) },
      };
    },
    expected: { visitor: writes(302, /^\/fr\/?$/), member: writes(302, /^\/fr\/?$/), owner: na(CREATES_ONLY), otherMember: na(ANONYMOUS), suspended: writes(302, /^\/fr\/?$/), admin: writes(302, /^\/fr\/?$/) },
  },
  {
    module: "routes/reset-password.tsx",
    intent: null,
    // Without a link's token the page changes the signed-in member's own password, checked against the current one.
    send: async () => ({ path: "/fr/reset-password", fields: { currentPassword: MEMBER_PASSWORD, password: "Nouveau2026x", confirmPassword: "Nouveau2026x" } }),
    expected: { visitor: noWrite(400), member: writes(), owner: writes(), otherMember: ownOnly(), suspended: noWrite(400), admin: writes() },
  },
  {
    module: "routes/login-google.tsx",
    intent: null,
    // Google is not configured in this harness: everyone is sent back to the login page and nothing is written (google-sign-in.test.ts covers the flow).
    send: async () => ({ path: "/fr/login/google", fields: {} }),
    expected: {
      visitor: noWrite(302, TO_LOGIN),
      member: noWrite(302, TO_LOGIN),
      owner: na(ANONYMOUS),
      otherMember: na(ANONYMOUS),
      suspended: noWrite(302, TO_LOGIN),
      admin: noWrite(302, TO_LOGIN),
    },
  },
  {
    module: "routes/logout.tsx",
    intent: null,
    // Anyone may sign themselves out; a visitor, or a suspended member whose session the suspension ended, has nothing to end.
    send: async () => ({ path: "/logout", fields: {} }),
    expected: { visitor: noWrite(302, /^\/fr\/?$/), member: writes(302, /^\/fr\/?$/), owner: writes(302, /^\/fr\/?$/), otherMember: ownOnly(302, /^\/fr\/?$/), suspended: noWrite(302, /^\/fr\/?$/), admin: writes(302, /^\/fr\/?$/) },
  },
  {
    module: "routes/api.auth.tsx",
    intent: null,
    /*
     * better-auth's own endpoints are not enumerated here: its handler checks their callers itself
     * (two-factor-settings, sign-in-and-sessions tests). The row checks what this module adds: the
     * endpoints our actions rule over are closed from outside, to everyone — here the user update
     * that would skip the account page's username rules.
     */
    send: async (scene) => ({ path: "/api/auth/update-user", json: { name: "pirate", userId: scene.owner.id } }),
    expected: { visitor: noWrite(404), member: noWrite(404), owner: noWrite(404), otherMember: noWrite(404), suspended: noWrite(404), admin: noWrite(404) },
  },
];

async function suspendedAccount(db: Database) {
  const holder = await createMemberWithPassword(db);
  await suspendMember(db, holder.id, "Spam");
  return holder;
}

export const MATRIX: MatrixRow[] = [...ACCOUNT_ROWS, ...PAGE_ROWS, ...MEMBER_ROWS, ...ADMIN_ROWS, ...SIGN_IN_ROWS];

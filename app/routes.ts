import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every public page exists unprefixed (language from the remembered choice or
 * the browser) and under /fr and /en. Static segments outrank the dynamic park
 * slug, which is why park slugs may not equal a reserved first segment.
 */
const PREFIXES = ["", "fr", "en"] as const;

function localized(prefix: (typeof PREFIXES)[number]) {
  const at = (path: string) => [prefix, path].filter(Boolean).join("/");
  const id = (name: string) => `${prefix || "default"}:${name}`;
  const page = (path: string, file: string, name: string) => route(at(path), file, { id: id(name) });
  return [
    prefix ? route(prefix, "routes/home.tsx", { id: id("home") }) : index("routes/home.tsx", { id: id("home") }),
    // Before "profile/:userId?", which would take "top-lists" or "ride-log" for a member id.
    page("profile/top-lists", "routes/profile-top-lists.tsx", "profile-top-lists"),
    page("profile/ride-log", "routes/ride-log.tsx", "ride-log"),
    page("profile/:userId/ride-log", "routes/member-ride-log.tsx", "member-ride-log"),
    page("profile/:userId?", "routes/profile.tsx", "profile"),
    page("contribute", "routes/contribute.tsx", "contribute"),
    page("rankings", "routes/rankings.tsx", "rankings"),
    page("manufacturers/:manufacturerSlug", "routes/manufacturer.tsx", "manufacturer"),
    page("map", "routes/map.tsx", "map"),
    page("duels", "routes/duels.tsx", "duels"),
    page("contact", "routes/contact.tsx", "contact"),
    page("terms", "routes/terms.tsx", "terms"),
    page("api", "routes/api.v1.docs.tsx", "api-docs"),
    page("signup", "routes/signup.tsx", "signup"),
    page("login", "routes/login.tsx", "login"),
    page("login/two-factor", "routes/login-two-factor.tsx", "login-two-factor"),
    page("login/google", "routes/login-google.tsx", "login-google"),
    page("account", "routes/account.tsx", "account"),
    page("reset-password", "routes/reset-password.tsx", "reset-password"),
    page("confirm-email", "routes/confirm-email.tsx", "confirm-email"),
    // Before the by-id addresses, whose optional slug would take "suggest".
    page("parks/:id/suggest", "routes/park-suggest.tsx", "park-suggest"),
    page("attractions/:id/suggest", "routes/attraction-suggest.tsx", "attraction-suggest"),
    page("parks/:id/:parkSlug?", "routes/park-by-id.tsx", "park-by-id"),
    page("attractions/:id/:parkSlug?/:rideSlug?", "routes/attraction-by-id.tsx", "attraction-by-id"),
    page(":parkSlug", "routes/park.tsx", "park"),
    page(":parkSlug/:rideSlug", "routes/attraction.tsx", "attraction"),
  ];
}

export default [
  ...PREFIXES.flatMap(localized),
  // One module per back-office screen (docs/rules/back-office.md#side-menu); each loader and each action checks the role itself.
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/parks", "routes/admin/parks.tsx"),
    route("admin/attractions", "routes/admin/attractions.tsx"),
    route("admin/users", "routes/admin/members.tsx"),
    route("admin/ratings", "routes/admin/ratings.tsx"),
    route("admin/comments", "routes/admin/comments.tsx"),
    route("admin/suggestions", "routes/admin/suggestions.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/log", "routes/admin/log.tsx"),
  ]),
  route("api/auth/*", "routes/api.auth.tsx"),
  route("api/captcha", "routes/api.captcha.tsx"),
  route("api/search", "routes/api.search.tsx"),
  route("api/park-name", "routes/api.park-name.tsx"),
  route("api/live", "routes/api.live.tsx"),
  route("api/account/export", "routes/api.account-export.tsx"),
  route("api/plans/:parkId", "routes/api.plans.tsx"),
  route("api/ride-log", "routes/api.ride-log.tsx"),
  // The member's rides of one park and how many times, for the park page's ride cards (decision 0076).
  route("api/ride-log/parks/:parkId", "routes/api.ride-log-park.tsx"),
  // The log's export, one module for both formats (the address's extension chooses).
  route("api/ride-log/export.csv", "routes/api.ride-log-export.tsx", { id: "ride-log-export-csv" }),
  route("api/ride-log/export.json", "routes/api.ride-log-export.tsx", { id: "ride-log-export-json" }),
  // A member's report of the wait they had at a ride (decision 0082).
  route("api/waits", "routes/api.waits.tsx"),
  route("api/reviews/:kind/:id", "routes/api.reviews.tsx"),
  route("api/offline-page/:language", "routes/offline-page.tsx"),
  // The public read API (decision 0036): every operation through one handler; its documentation is the "api" page.
  route("api/v1/*", "routes/api.v1.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("sitemaps/:file", "routes/sitemap-file.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  route("images/*", "routes/images.tsx"),
  // The map's pictures (decision 0033): cacheable files of their own, so pages carry only the marks.
  route("maps/base/:frame", "routes/map-base.tsx"),
  route("maps/parks/:file", "routes/map-locator.tsx"),
  // A park's plan, its rides where they stand (docs/rules/catalogue.md#park-plan): a picture of its own, like the skyline.
  route("maps/plans/:file", "routes/park-plan.tsx"),
  // A park's banner drawn from its rides: a picture of its own, so the park page gains no script.
  route("skylines/:file", "routes/skyline.tsx"),
  route("logout", "routes/logout.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

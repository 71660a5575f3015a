import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";
import { matchedMessages } from "~/i18n/message-tree";
import { routeMessages, type MessageScope } from "~/i18n/route-messages";
import { parkMembersMessages, parkVisitorsMessages } from "~/server/pages/park-messages";
import { profileOwnerMessages, profileVisitorsMessages } from "~/server/pages/profile-messages";
import { appFile, declaredScopes, isCovered, usedKeys } from "../support/route-message-scopes";

const ROOT = declaredScopes(appFile("root.tsx"));

/** Every page module: the route modules with a screen (a default export), the back office's under its layout. */
const PAGES = [
  ...readdirSync(appFile("routes")).filter((name) => name.endsWith(".tsx")).map((name) => `routes/${name}`),
  ...readdirSync(appFile("routes/admin")).filter((name) => name.endsWith(".tsx") && name !== "layout.tsx").map((name) => `routes/admin/${name}`),
].filter((file) => /^export default /m.test(readFileSync(appFile(file), "utf8")));

/** What a page's loaders send: the root's, its layout's, its own. */
function sentScopes(file: string): string[] {
  const layout = file.startsWith("routes/admin/") ? declaredScopes(appFile("routes/admin/layout.tsx")) : [];
  return [...ROOT, ...layout, ...declaredScopes(appFile(file))];
}

describe("routeMessages (decision 0057)", () => {
  it("sends the namespaces, keys and sub-trees asked, in the language asked", () => {
    const messages = routeMessages("en", ["map", "account.headerLink", "rankings.tabs"]);
    expect(Object.keys(messages).sort()).toEqual(["account", "map", "rankings"]);
    expect(messages.account).toEqual({ headerLink: "My account: {{username}}" });
    expect(Object.keys(messages.rankings as object)).toEqual(["tabs"]);
    expect(messages.map).toEqual(en.map);
  });

  it("sends a key's plural forms with it", () => {
    const messages = routeMessages("fr", ["profile.influence.parksRated"]);
    expect(messages).toEqual({ profile: { influence: { parksRated_one: fr.profile.influence.parksRated_one, parksRated_other: fr.profile.influence.parksRated_other } } });
  });

  it("never sends the e-mails' texts, even with their whole namespace", () => {
    for (const language of ["fr", "en"] as const) {
      const messages = routeMessages(language, ["auth"]);
      expect(messages.auth).not.toHaveProperty("mail");
      expect(messages.auth).toHaveProperty("login");
      expect(JSON.stringify(routeMessages(language, ["auth.mail" as MessageScope]))).not.toContain("mail");
    }
  });

  it("leaves the terms and the e-mails out of the home page's data", () => {
    const sent = JSON.stringify(routeMessages("fr", [...ROOT, ...declaredScopes(appFile("routes/home.tsx"))] as MessageScope[]));
    expect(sent).not.toContain('"terms":{');
    expect(sent).not.toContain(fr.terms.sections.acceptance.body.slice(0, 40));
    expect(sent).not.toContain('"mail"');
    expect(sent).not.toContain(fr.auth.mail.confirmSubject);
    expect(sent).not.toContain('"apiReference"');
    expect(sent).toContain(fr.home.title);
  });
});

describe("members' messages (decision 0068)", () => {
  it("leaves the members' controls' texts out of the park page's visitors' data, and sends them to members", () => {
    const visitors = JSON.stringify(parkVisitorsMessages("fr"));
    expect(visitors).toContain(fr.ratings.parkForm.loginPrompt);
    expect(visitors).toContain(fr.plans.loginPrompt);
    expect(visitors).not.toContain(fr.plans.add);
    expect(visitors).not.toContain(fr.ratings.parkForm.submit);
    expect(visitors).not.toContain('"images"');
    expect(JSON.stringify(parkMembersMessages("fr"))).toContain(fr.plans.add);
  });

  it("gives a member's page the page's messages and the members' together", () => {
    const merged = matchedMessages([{ loaderData: { messages: parkVisitorsMessages("en") } }, { loaderData: { memberMessages: parkMembersMessages("en") } }]);
    expect((merged.plans as Record<string, string>).loginPrompt).toBe(en.plans.loginPrompt);
    expect((merged.plans as Record<string, string>).add).toBe(en.plans.add);
    expect((merged.ratings as { reviews: unknown }).reviews).toEqual(en.ratings.reviews);
  });
});

// A page's messages are what its loaders send; a key none of them sent shows as the key
// itself. The screen's keys are found in its module and the modules it imports (keys built at
// run time only by their fixed head, so a dynamic key needs its whole sub-tree sent).
describe("every page's loaders send the messages its screen shows", () => {
  it("root.tsx: the shell's, on every page", () => {
    const { screen } = usedKeys(appFile("root.tsx"));
    expect(screen.filter((key) => !isCovered(key, ROOT)), "keys the root does not send").toEqual([]);
  });

  it.each(PAGES)("%s", (file) => {
    const { screen, onError } = usedKeys(appFile(file));
    const sent = sentScopes(file);
    expect(screen.filter((key) => !isCovered(key, sent)), "keys no loader of the page sends").toEqual([]);
    // A failed loader sends nothing: the page's "could not load" title comes with the root's messages.
    expect(onError.filter((key) => !isCovered(key, ROOT)), "error page keys the root does not send").toEqual([]);
  });
});

describe("the profile's owner's messages (decision 0080)", () => {
  it("leaves the own profile's tools' texts out of the public profile's data, and sends them to its owner", () => {
    const visitors = JSON.stringify(profileVisitorsMessages("fr"));
    expect(visitors).toContain(fr.profile.badges.title);
    expect(visitors).toContain(fr.topLists.title.attraction);
    expect(visitors).toContain(fr.ratings.reviews.hiddenNotice);
    expect(visitors).not.toContain(fr.forYou.intro);
    expect(visitors).not.toContain(fr.suggestions.mine.title);
    expect(visitors).not.toContain(fr.topLists.instructions);
    expect(visitors).not.toContain('"contribute"');
    const owner = JSON.stringify(profileOwnerMessages("fr"));
    for (const text of [fr.forYou.intro, fr.suggestions.mine.title, fr.topLists.instructions, fr.contribute.name, fr.plans.profile.title]) expect(owner).toContain(text);
  });
});

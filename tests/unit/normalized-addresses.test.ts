import { describe, expect, it } from "vitest";
import { isNormalizedAddress } from "../../http/refuse-unnormalized-addresses";

describe("addresses the router and the guards read alike (decision 0042)", () => {
  it("takes the addresses browsers send", () => {
    for (const address of ["/", "/fr", "/fr/", "/fr/parc-asterix/tonnerre-2-zeus", "/fr?country=FR&q=a%2Fb", "/fr/caf%C3%A9", "/api/v1/parks?cursor=abc.def", "/fr/parc.data", "/_root.data", "/assets/app-3f2a.js", "/fr/search?q=..", "/fr/a..b/.c", "/fr//double"]) {
      expect(isNormalizedAddress(address), address).toBe(true);
    }
  });

  it("refuses dot segments plain and percent-encoded, backslashes, other hosts and other request forms", () => {
    for (const address of [
      "/fr/login/.",
      "/fr/login/..",
      "/fr/./login",
      "/api/v1/../../fr/login",
      "/api/v1/%2e%2e/%2E%2E/fr/login",
      "/fr/login/%2e",
      "/fr/login/.%2E",
      "/fr/login/%2e.",
      "/fr\\login",
      "/api/v1\\..\\..\\fr/login",
      "//evil.example/fr/login",
      "http://parcours.test/fr/login",
      "*",
      "fr/login",
      "",
    ]) {
      expect(isNormalizedAddress(address), address).toBe(false);
    }
  });
});

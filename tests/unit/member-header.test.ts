import { describe, expect, it } from "vitest";
import { endsSession } from "../../http/clear-site-data";
import { memberTagger, NO_MEMBER } from "../../http/member-header";

describe("the service worker's member header (decision 0041)", () => {
  const id = "3f2d9a54-8a57-4e0e-9c55-2b7d1b9c2f10";

  it("tags a member with a stable value that is not their id and differs per member and per secret; a visitor is none", () => {
    const tag = memberTagger("secret-one-secret-one-secret-one-1");
    expect(tag(id)).toBe(tag(id));
    expect(tag(id)).toMatch(/^[\w-]{22}$/);
    expect(tag(id)).not.toContain(id.slice(0, 8));
    expect(tag("5b0a4a3e-1d2c-4b5a-8f6e-7d8c9b0a1f2e")).not.toBe(tag(id));
    expect(memberTagger("secret-two-secret-two-secret-two-2")(id)).not.toBe(tag(id));
    expect(tag(null)).toBe(NO_MEMBER);
  });

  it("sees a session end in the expired session cookie, over HTTP or HTTPS, and nowhere else", () => {
    expect(endsSession(["parcours.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax", "parcours.session_data=; Max-Age=0; Path=/"])).toBe(true);
    expect(endsSession("__Secure-parcours.session_token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax")).toBe(true);
    expect(endsSession(["parcours.session_token=abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax"])).toBe(false);
    expect(endsSession(["parcours.two_factor=; Max-Age=0; Path=/"])).toBe(false);
    expect(endsSession(undefined)).toBe(false);
  });
});

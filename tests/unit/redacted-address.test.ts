import { describe, expect, it } from "vitest";
import { redactedAddress } from "../../http/redacted-address";

describe("addresses in the request log", () => {
  it("hide password-reset tokens, confirmation tokens, e-mail change secrets and the sign-in callback's code", () => {
    expect(redactedAddress("/api/auth/reset-password/Xy12abCD?callbackURL=%2Ffr%2Freset-password")).toBe("/api/auth/reset-password/[redacted]?callbackURL=%2Ffr%2Freset-password");
    expect(redactedAddress("/fr/reset-password?token=Xy12abCD")).toBe("/fr/reset-password?token=[redacted]");
    expect(redactedAddress("/en/confirm-email?change=s3cr3t&x=1")).toBe("/en/confirm-email?change=[redacted]&x=1");
    expect(redactedAddress("/api/auth/verify-email?token=eyJhbGci.abc&callbackURL=/fr")).toBe("/api/auth/verify-email?token=[redacted]&callbackURL=/fr");
    expect(redactedAddress("/api/auth/oauth2/callback/google?code=abc&state=def")).toBe("/api/auth/oauth2/callback/google?code=[redacted]&state=[redacted]");
    // Spelled otherwise, still a secret to whoever reads it.
    expect(redactedAddress("/fr/reset-password?%74oken=Xy12&TOKEN=Zz")).toBe("/fr/reset-password?%74oken=[redacted]&TOKEN=[redacted]");
  });

  it("leave every other address as sent", () => {
    for (const address of ["/fr", "/fr/parc-asterix?country=FR&q=token", "/api/v1/parks?cursor=abc", "/fr/reset-password", "/fr?%E0%A4%A=1", "/fr?token"]) {
      expect(redactedAddress(address)).toBe(address);
    }
  });
});

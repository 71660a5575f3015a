import { describe, expect, it } from "vitest";
import { loginPathReturningTo, safeReturnPath } from "~/domain/return-path";

describe("the path a sign-in returns to", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeReturnPath("/admin/users?q=Marie")).toBe("/admin/users?q=Marie");
    expect(safeReturnPath("/admin")).toBe("/admin");
    // A login prompt's return: the page, at the form it stood in for.
    expect(safeReturnPath("/fr/parc-asterix#review-form")).toBe("/fr/parc-asterix#review-form");
  });

  it("refuses anything that would leave the site, or nothing at all", () => {
    for (const value of ["https://evil.example/admin", "//evil.example", "/\\evil.example", "admin", "", null, undefined, "/a\nb", `/${"a".repeat(600)}`]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it("builds the login page's address that comes back", () => {
    expect(loginPathReturningTo("/fr/login", "/admin/users?q=Marie")).toBe("/fr/login?redirectTo=%2Fadmin%2Fusers%3Fq%3DMarie");
  });
});

import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { isValidEmail } from "~/domain/email";

describe("e-mail shape (one check for every form)", () => {
  // The forms used Zod's z.email() before decision 0015: the same addresses must pass.
  const addresses = [
    "fan@example.com",
    "prenom.nom+parcs@sous.domaine.fr",
    "o'brien@example.ie",
    " fan@example.com ",
    "x@",
    "pas-une-adresse",
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "a@example",
    "a@-example.com",
    "a@example.c",
    "a b@example.com",
    "é@example.com",
  ];

  it.each(addresses)("%s is judged as z.email() judged it", (address) => {
    expect(isValidEmail(address)).toBe(z.email().safeParse(address.trim()).success);
  });
});

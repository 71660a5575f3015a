import { describe, expect, it } from "vitest";
import { formatDecimal, formatNumber } from "~/domain/format";
import { formatMultiplier } from "~/domain/influence";
import { formatCoefficient } from "~/domain/rankings";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";

type Tree = { [key: string]: string | Tree };
const strings = (tree: Tree, path = ""): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[`${path}${key}`, value] as [string, string]] : strings(value, `${path}${key}.`)));

describe("numbers and labels as each language writes them", () => {
  it("decimals and multipliers: a comma in French, a point in English", () => {
    expect(formatDecimal(3.66, "fr", 1)).toBe("3,7");
    expect(formatDecimal(3.66, "en", 1)).toBe("3.7");
    expect(formatCoefficient(1.5, "fr")).toBe("x1,50");
    expect(formatCoefficient(1.5, "en")).toBe("x1.50");
    expect(formatMultiplier(1.25, "fr")).toBe("x1,25");
    expect(formatMultiplier(2, "en")).toBe("x2");
    expect(formatNumber(1620, "fr")).toBe("1\u202f620");
  });

  it("French messages put a space before a colon ('Note : 4/5'), English ones none ('Rating: 4/5')", () => {
    const glued = strings(fr as unknown as Tree).filter(([, text]) => /[^\s]:\s/.test(text));
    expect(glued).toEqual([]);
    const spaced = strings(en as unknown as Tree).filter(([, text]) => /\s:\s/.test(text));
    expect(spaced).toEqual([]);
  });
});

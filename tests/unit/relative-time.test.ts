import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "~/domain/relative-time";

const now = "2026-11-25T12:00:00.000Z";

describe("relative dates of the back office's lists", () => {
  it("speaks in the largest unit that fits, in French and English", () => {
    expect(formatRelativeTime("2026-11-22T12:00:00.000Z", now, "fr")).toBe("il y a 3 jours");
    expect(formatRelativeTime("2026-11-22T12:00:00.000Z", now, "en")).toBe("3 days ago");
    expect(formatRelativeTime("2026-11-25T11:55:00.000Z", now, "fr")).toBe("il y a 5 minutes");
    expect(formatRelativeTime("2026-11-24T12:00:00.000Z", now, "fr")).toBe("hier");
    expect(formatRelativeTime("2024-11-25T12:00:00.000Z", now, "en")).toBe("2 years ago");
  });

  it("says now for the same instant", () => {
    expect(formatRelativeTime(now, now, "fr")).toBe("maintenant");
    expect(formatRelativeTime(now, now, "en")).toBe("now");
  });
});

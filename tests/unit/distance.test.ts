import { describe, expect, it } from "vitest";
import { formatDistanceKm, nearParam, readNearParam, readTownParam, roundedPoint } from "~/domain/distance";

describe("distances (decision 0034)", () => {
  it("formats kilometres in each language: whole above 10 km, one decimal under", () => {
    expect(formatDistanceKm(412.4, "fr")).toBe("412 km");
    expect(formatDistanceKm(412.4, "en")).toBe("412 km");
    expect(formatDistanceKm(1204.2, "fr")).toBe("1\u202f204 km");
    expect(formatDistanceKm(1204.2, "en")).toBe("1,204 km");
    expect(formatDistanceKm(4.23, "fr")).toBe("4,2 km");
    expect(formatDistanceKm(4.23, "en")).toBe("4.2 km");
    expect(formatDistanceKm(0.04, "en")).toBe("0.0 km");
    // 9.96 rounds to 10: no "10,0".
    expect(formatDistanceKm(9.96, "fr")).toBe("10 km");
  });

  it("rounds a position to 3 decimals, both ways through the address", () => {
    expect(roundedPoint(48.856614, 2.3522219)).toEqual({ latitude: 48.857, longitude: 2.352 });
    expect(nearParam({ latitude: 48.8566, longitude: -0.0004 })).toBe("48.857,0");
    expect(readNearParam(" 48.8566 , 2.3522 ")).toEqual({ latitude: 48.857, longitude: 2.352 });
    expect(readNearParam("90,-180")).toEqual({ latitude: 90, longitude: -180 });
    expect(readNearParam("90.001,0")).toBeNull();
    expect(readNearParam(null)).toBeNull();
  });

  it("reads a typed town trimmed, with its spaces collapsed", () => {
    expect(readTownParam("  La   Roche-sur-Yon ")).toBe("La Roche-sur-Yon");
    expect(readTownParam("   ")).toBeNull();
    expect(readTownParam(null)).toBeNull();
  });
});

import { roundCoordinate } from "~/domain/location";
import type { DemoPark } from "./demo-data";

/**
 * Where the demo's largest parks' rides stand, for the park's plan (docs/rules/catalogue.md#park-plan). These are
 * approximate demo placements, not surveyed: each ride is set on a loop around the park's own position, in the
 * data's order, the even ones on an outer walk and the odd ones on an inner one, as a park's rides line a main path
 * around a lake or a central area. The loop's size is the park's rough size, so that distances between rides are
 * plausible; no ride is where the real one stands. Plain arithmetic, no random draw: the demo's seeded stream, and
 * so the rest of its content, stay as they were.
 */
type Loop = {
  /** Half the loop's width (east–west) and height (north–south), in metres. */
  eastM: number;
  northM: number;
  /** The loop turned this many degrees anticlockwise. */
  turnDegrees: number;
};

const LOOPS: Readonly<Record<string, Loop>> = {
  "Parc Astérix": { eastM: 420, northM: 300, turnDegrees: 20 },
  // Both parks of the resort, side by side.
  "Disneyland Paris": { eastM: 700, northM: 350, turnDegrees: -10 },
  "Europa-Park": { eastM: 550, northM: 400, turnDegrees: 35 },
  Efteling: { eastM: 500, northM: 450, turnDegrees: 0 },
  // A compact park, built up rather than out.
  Phantasialand: { eastM: 320, northM: 250, turnDegrees: -25 },
};

/** The inner walk's size against the outer one's. */
const INNER = 0.55;
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

export type DemoPosition = { latitude: number; longitude: number } | { latitude: null; longitude: null };

/** Each of the park's rides' position, in the data's order; none for a park without a loop. */
export function demoRidePositions(park: DemoPark): DemoPosition[] {
  const loop = LOOPS[park.name];
  if (!loop) return park.attractions.map(() => ({ latitude: null, longitude: null }));
  const count = park.attractions.length;
  const turn = (loop.turnDegrees * Math.PI) / 180;
  const eastward = METRES_PER_DEGREE * Math.cos((park.latitude * Math.PI) / 180);
  return park.attractions.map((_, index) => {
    const angle = (2 * Math.PI * index) / count;
    const size = index % 2 === 0 ? 1 : INNER;
    // A loop with a little swell, so that the rides do not sit on a perfect ellipse.
    const swell = 1 + 0.12 * Math.sin(3 * angle + index);
    const x = loop.eastM * size * swell * Math.cos(angle);
    const y = loop.northM * size * swell * Math.sin(angle);
    const east = x * Math.cos(turn) - y * Math.sin(turn);
    const north = x * Math.sin(turn) + y * Math.cos(turn);
    return { latitude: roundCoordinate(park.latitude + north / METRES_PER_DEGREE), longitude: roundCoordinate(park.longitude + east / eastward) };
  });
}

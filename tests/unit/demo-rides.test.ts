import { describe, expect, it } from "vitest";
import { readDemoParks } from "~/server/demo/demo-data";
import { rideIntensity } from "~/server/demo/ride-intensity";
import { demoRideDuration } from "~/server/demo/ride-duration";

const rides = readDemoParks().flatMap((park) => park.attractions.map((ride) => ({ ...ride, park: park.name })));
const ride = (park: string, name: string) => rides.find((candidate) => candidate.park === park && candidate.name === name)!;

describe("demo ride intensity", () => {
  it("calls coasters with inversions or speed thrill rides, gentle the kids' rides and shows, and follows the data where figures cannot tell", () => {
    expect(rideIntensity(ride("Alton Towers", "The Smiler"))).toBe("thrill");
    expect(rideIntensity(ride("Tivoli Gardens", "Kamelen"))).toBe("gentle");
    expect(rideIntensity(ride("Puy du Fou", "La Cinéscénie"))).toBe("gentle");
    expect(rideIntensity(ride("Efteling", "Joris en de Draak"))).toBe("family");
    // Both about 90 m tall flat rides: a Ferris wheel and a drop tower.
    expect(rideIntensity(ride("Mirabilandia", "Eurowheel"))).toBe("gentle");
    expect(rideIntensity(ride("PortAventura Park", "Hurakan Condor"))).toBe("thrill");
  });
});

describe("demo ride durations", () => {
  it("keep the published figure and estimate the others from the track, else from the type", () => {
    expect(demoRideDuration(ride("Parc Astérix", "Toutatis"))).toBe(123);
    // 1,170 m at 40 % of 85 km/h, plus 15 s.
    expect(demoRideDuration(ride("Alton Towers", "The Smiler"))).toBe(140);
    expect(demoRideDuration(ride("Tivoli Gardens", "Kamelen"))).toBe(90);
    for (const each of rides) expect(demoRideDuration(each), each.name).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { rideTopic, liveStreamAddress, parkTopic, parseLiveTopic } from "~/domain/live-topics";
import { readLiveTopics } from "~/server/live/live-topics";

const parkId = "0b5e6d1c-3f4a-4b7e-9c2d-1a2b3c4d5e6f";
const rideId = "9f8e7d6c-5b4a-4321-8fed-cba987654321";

describe("live topics (decision 0007)", () => {
  it("builds the topic of a park and of an attraction, and reads them back", () => {
    expect(parkTopic(parkId)).toBe(`park:${parkId}`);
    expect(rideTopic(rideId)).toBe(`attraction:${rideId}`);
    expect(parseLiveTopic(parkTopic(parkId))).toBe(`park:${parkId}`);
    expect(parseLiveTopic(rideTopic(rideId))).toBe(`attraction:${rideId}`);
  });

  it("reads nothing else as a topic", () => {
    for (const value of ["", "park:42", `PARK:${parkId}`, `park:${parkId.toUpperCase()}`, `user:${parkId}`, `park:${parkId} `]) {
      expect(parseLiveTopic(value), value).toBeNull();
    }
  });

  it("gives the stream an address its server side reads back as the same topics", () => {
    const topics = [parkTopic(parkId), rideTopic(rideId)];
    const address = new URL(liveStreamAddress(topics), "http://parcours.test");
    expect(address.pathname).toBe("/api/live");
    expect(readLiveTopics(address.searchParams)).toEqual(topics);
  });
});

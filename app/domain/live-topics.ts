/**
 * Live-update topics (decision 0007): what a write announces and what an open
 * page follows, one park's or one attraction's ratings and votes. Built and
 * read only here, by the server (notify, the stream's address) and the
 * browser (the page's subscription) alike.
 */
export type LiveTopic = `park:${string}` | `attraction:${string}`;

export const parkTopic = (parkId: string): LiveTopic => `park:${parkId}`;
export const rideTopic = (rideId: string): LiveTopic => `attraction:${rideId}`;

const TOPIC = /^(park|attraction):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The topic a string names (a park or an attraction and a lower-case UUID), or null. */
export function parseLiveTopic(value: string): LiveTopic | null {
  return TOPIC.test(value) ? (value as LiveTopic) : null;
}

/** The live stream's address (app/routes/api.live.tsx) and its query parameter, one per topic. */
const LIVE_STREAM_PATH = "/api/live";
export const LIVE_TOPIC_PARAMETER = "topic";

export function liveStreamAddress(topics: readonly LiveTopic[]): string {
  return `${LIVE_STREAM_PATH}?${new URLSearchParams(topics.map((topic) => [LIVE_TOPIC_PARAMETER, topic]))}`;
}

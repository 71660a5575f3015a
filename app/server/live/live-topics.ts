import type { LiveTopic } from "./notify";

/** A page follows its park or its attraction; two leaves room for both without letting one stream watch the site. */
export const MAX_TOPICS_PER_STREAM = 2;

const TOPIC = /^(park|attraction):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `topic` parameters of a live stream's address, or null when one is malformed or there are none or too many. */
export function readLiveTopics(searchParams: URLSearchParams): LiveTopic[] | null {
  const topics = [...new Set(searchParams.getAll("topic"))];
  if (topics.length === 0 || topics.length > MAX_TOPICS_PER_STREAM) return null;
  return topics.every((topic) => TOPIC.test(topic)) ? (topics as LiveTopic[]) : null;
}

import { LIVE_TOPIC_PARAMETER, parseLiveTopic, type LiveTopic } from "~/domain/live-topics";

/** A page follows its park or its attraction; two leaves room for both without letting one stream watch the site. */
const MAX_TOPICS_PER_STREAM = 2;

/** The topics of a live stream's address, or null when one is malformed or there are none or too many. */
export function readLiveTopics(searchParams: URLSearchParams): LiveTopic[] | null {
  const values = [...new Set(searchParams.getAll(LIVE_TOPIC_PARAMETER))];
  if (values.length === 0 || values.length > MAX_TOPICS_PER_STREAM) return null;
  const topics = values.map(parseLiveTopic);
  return topics.every((topic) => topic !== null) ? topics : null;
}

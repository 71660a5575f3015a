/**
 * The soak's open live-update streams: each from an address of its own (the
 * trusted proxy header), so that the per-address cap of decision 0028 is the
 * one a real crowd meets, spread over the instances and the parks' topics.
 * A stream that ends or fails before the soak closes it is an error.
 */
import http from "node:http";
import type { Instance } from "./instances";
import { CLIENT_HEADER } from "./traffic";

export type Streams = {
  opened: number;
  /** `change` events received over all streams. */
  events: () => number;
  /** Streams that ended, failed or were refused before the end, with why. */
  failures: string[];
  closeAll: () => void;
};

export async function openStreams(instances: Instance[], count: number, parkIds: string[]): Promise<Streams> {
  const failures: string[] = [];
  const requests: http.ClientRequest[] = [];
  let events = 0;
  let closing = false;
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const instance = instances[index % instances.length]!;
      const topic = `park:${parkIds[index % parkIds.length]}`;
      // 10.77.0.0/16: one address per stream.
      const client = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      const request = http.get(`${instance.base}/api/live?topic=${topic}`, { headers: { [CLIENT_HEADER]: client }, agent: false });
      requests.push(request);
      const lost = (why: string) => {
        if (!closing) failures.push(`stream ${index} (${instance.name}, ${client}): ${why}`);
      };
      request.on("response", (response) => {
        if (response.statusCode !== 200) {
          lost(`answered ${response.statusCode}`);
          response.resume();
          return reject(new Error(`stream ${index} answered ${response.statusCode}`));
        }
        response.setEncoding("utf8");
        let first = true;
        response.on("data", (text: string) => {
          if (first) {
            first = false;
            resolve();
          }
          events += text.split("event: change").length - 1;
        });
        response.on("end", () => lost("ended"));
        response.on("error", (error) => lost(error.message));
      });
      request.on("error", (error) => {
        lost(error.message);
        reject(error);
      });
    });
  // A few at a time: a burst of 200 connections is a different test.
  for (let index = 0; index < count; index += 20) {
    await Promise.all(Array.from({ length: Math.min(20, count - index) }, (_, offset) => open(index + offset)));
  }
  return {
    opened: count,
    events: () => events,
    failures,
    closeAll: () => {
      closing = true;
      for (const request of requests) request.destroy();
    },
  };
}

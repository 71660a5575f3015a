import type { RideLogAnswer, RideLogRequest } from "~/domain/ride-log";
import { PAGE_MEMBER_HEADER } from "~/domain/page-member-header";
import { runInOutbox } from "../plan/member-outbox";

/**
 * The ride log's writes on their way (docs/rules/ride-log.md#logging-a-ride): each is written to the member's outbox
 * first, then sent; it leaves the outbox once the server has answered it, so a write made offline in the park waits on
 * the device, across reloads, and goes when the network returns — in the order made, each entry under the id the device
 * chose, which the server writes once however often it arrives.
 */
export type WaitingWrite = { id: string; request: RideLogRequest; queuedAt: number };

/** An answer of /api/ride-log, or null when none came (offline, or not JSON). */
async function send(request: RideLogRequest, pageMember: string): Promise<RideLogAnswer | null> {
  try {
    const response = await fetch("/api/ride-log", {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json", [PAGE_MEMBER_HEADER]: pageMember },
      body: JSON.stringify(request),
    });
    return (await response.json()) as RideLogAnswer;
  } catch (error) {
    // Offline, or the server out of reach: the write waits in the outbox.
    console.warn("ride log request failed", error);
    return null;
  }
}

/** The writes waiting on this device, oldest first. */
export async function waitingWrites(memberId: string): Promise<WaitingWrite[]> {
  const writes = (await runInOutbox<WaitingWrite[]>(memberId, "rideLog", "read", (store) => store.getAll())) ?? [];
  return writes.sort((a, b) => a.queuedAt - b.queuedAt);
}

// One flush at a time: two at once would send the same waiting write twice (harmless, but wasted).
let flushing: Promise<void> | null = null;

/**
 * Sends the waiting writes in order, each answer handed to `onAnswer`. Stops at the first that gets no answer (still
 * offline): the later ones wait behind it, so the order holds.
 */
export function flushRideLog(memberId: string, onAnswer: (write: WaitingWrite, answer: RideLogAnswer) => void): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const write of await waitingWrites(memberId)) {
        const answer = await send(write.request, memberId);
        if (!answer) return;
        await runInOutbox(memberId, "rideLog", "delete", (store) => store.delete(write.id));
        onAnswer(write, answer);
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/**
 * Queues a write and sends what waits: the answer of this write, or null while it waits (offline). A device without
 * IndexedDB sends it directly.
 */
export async function sendRideLogWrite(memberId: string, request: RideLogRequest, onAnswer: (write: WaitingWrite, answer: RideLogAnswer) => void): Promise<RideLogAnswer | null> {
  const write: WaitingWrite = { id: crypto.randomUUID(), request, queuedAt: Date.now() };
  const stored = await runInOutbox(memberId, "rideLog", "write", (store) => store.put(write));
  if (stored === undefined) return send(request, memberId);
  let own: RideLogAnswer | null = null;
  const take = (sent: WaitingWrite, answer: RideLogAnswer) => (sent.id === write.id ? (own = answer) : onAnswer(sent, answer));
  await flushRideLog(memberId, take);
  // A flush already under way when this write was queued may have missed it: one more pass.
  if (!own && (await waitingWrites(memberId)).some((waiting) => waiting.id === write.id)) await flushRideLog(memberId, take);
  return own;
}

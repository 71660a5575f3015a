/**
 * The graceful shutdown's order (decision 0026), on a real server process:
 * with a live-update stream open and a slow request under way (its body not
 * sent yet), SIGTERM must stop new connections at once, end the stream with a
 * `retry:` hint while the slow request is still waiting, answer the slow
 * request from a database still open, and only then close the database; the
 * server's own lines must say so in that order, and it must exit with 0.
 */
import net from "node:net";
import { heldPost } from "../../tests/support/held-post";
import { startServer, type ServerProcess } from "./server-process";

/** A live-update stream read to its end: `opened` once its first hint came, `ended` with everything it sent. */
async function openLiveStream(base: string, topic: string) {
  const response = await fetch(`${base}/api/live?topic=${topic}`);
  if (response.status !== 200 || !response.body) throw new Error(`live stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  let opened: () => void = () => {};
  const first = new Promise<void>((resolve) => (opened = resolve));
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += value;
      opened();
    }
  })();
  await first;
  return { ended, received: () => text };
}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(`graceful shutdown: ${what}`);
  console.error(`[shutdown order] ✓ ${what}`);
}

async function logged(server: ServerProcess, message: string): Promise<void> {
  for (let wait = 0; wait < 200; wait++) {
    if (server.lines.some((line) => line.msg === message)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`graceful shutdown: "${message}" was never logged`);
}

export async function checkShutdownOrder(port: number, env: Record<string, string>, parkId: string): Promise<void> {
  const server = await startServer(port, env, "shutdown");
  const stream = await openLiveStream(server.base, `park:${parkId}`);
  // An address without an account gets the same answer, which names it: the database answered.
  const email = "personne-encore@example.com";
  const held = heldPost(`${server.base}/fr/login`, server.base, new URLSearchParams({ intent: "reset", email }).toString());
  await held.started;
  let slowAnswered = false;
  void held.answered.then(() => (slowAnswered = true));

  void server.kill("SIGTERM");
  await logged(server, "shutting down");
  // A new socket, not one of fetch's pooled ones: it is the listening socket that must be gone.
  const refused = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => (socket.destroy(), resolve(false)));
    socket.on("error", () => resolve(true));
  });
  expect(refused, "a new connection is refused once SIGTERM came");
  const streamText = await stream.ended;
  expect(!slowAnswered, "the live stream ended while the slow request was still under way");
  expect(/retry: \d+\n: server stopping/.test(streamText), "the live stream's last words are a retry hint");

  held.finish();
  const answer = await held.answered;
  expect(answer.status === 200 && answer.text.includes(email), "the slow request was answered, from the database");
  expect((await server.exited) === 0, "the server exited with 0");

  const order = ["shutting down", "live streams ended", "requests finished", "database closed", "stopped"];
  const positions = order.map((message) => server.lines.findIndex((line) => line.msg === message));
  expect(
    positions.every((position, index) => position >= 0 && (index === 0 || position > positions[index - 1]!)),
    `the server logged ${order.join(" → ")} in that order`,
  );
}

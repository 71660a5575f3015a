import { describe, expect, it } from "vitest";
import { DrawingQueue } from "~/server/map/drawing-queue";

// Decision 0039: the map's drawings run one at a time, a frame asked for twice is drawn once, and the queue is bounded.

/** A drawing that ends when the test says so, and says when it started. */
function gated(log: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    drawing: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(name),
  };
}

describe("the map's drawing queue", () => {
  it("draws a frame once for every request that asks for it while it is drawn", async () => {
    const queue = new DrawingQueue(4);
    const log: string[] = [];
    const a = gated(log, "a");
    const first = queue.draw("a", a.drawing)!;
    const second = queue.draw("a", a.drawing)!;
    expect(second).toBe(first);
    a.finish();
    expect(await Promise.all([first, second])).toEqual(["a", "a"]);
    expect(log).toEqual(["start a"]);
  });

  it("draws one frame at a time, in the order asked", async () => {
    const queue = new DrawingQueue(4);
    const log: string[] = [];
    const [a, b] = [gated(log, "a"), gated(log, "b")];
    const first = queue.draw("a", a.drawing)!;
    const second = queue.draw("b", b.drawing)!;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["start a"]);
    a.finish();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["start a", "start b"]);
    b.finish();
    expect(await second).toBe("b");
  });

  it("refuses a fresh frame while the queue is full, but not a fixed view, and takes new ones once it drains", async () => {
    const queue = new DrawingQueue(2);
    const log: string[] = [];
    const [a, b, fixed] = [gated(log, "a"), gated(log, "b"), gated(log, "europe")];
    const first = queue.draw("a", a.drawing)!;
    const second = queue.draw("b", b.drawing)!;
    expect(queue.draw("c", () => Promise.resolve("c"))).toBeNull();
    // A request for a frame already queued shares it, even when full.
    expect(queue.draw("b", b.drawing)).toBe(second);
    const europe = queue.draw("europe", fixed.drawing, false)!;
    expect(europe).not.toBeNull();
    a.finish();
    b.finish();
    fixed.finish();
    expect(await Promise.all([first, second, europe])).toEqual(["a", "b", "europe"]);
    expect(await queue.draw("c", () => Promise.resolve("c"))).toBe("c");
  });

  it("goes on after a drawing that fails, which fails only its own requests", async () => {
    const queue = new DrawingQueue(4);
    const failing = queue.draw("bad", () => Promise.reject(new Error("broken")))!;
    const next = queue.draw("good", () => Promise.resolve("good"))!;
    await expect(failing).rejects.toThrow("broken");
    expect(await next).toBe("good");
  });
});

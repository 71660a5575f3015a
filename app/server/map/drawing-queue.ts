/**
 * The map's drawings, one at a time (decision 0039): a request for a picture not yet drawn waits for its turn, a
 * second request for the same picture shares the drawing under way, and when too many different pictures are
 * already waiting the request is refused at once (a 503), so that asking for many fresh frames buys neither a
 * long queue nor more than one drawing's share of the event loop.
 */
export class DrawingQueue {
  private readonly underWay = new Map<string, Promise<unknown>>();
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly maxWaiting: number) {}

  /**
   * The drawing of `key`: shared with one already asked for, else queued; null when the queue is full. A drawing
   * that may not be refused (the page's two fixed views, drawn at most once each) is queued even then.
   */
  draw<V>(key: string, drawing: () => Promise<V>, mayRefuse = true): Promise<V> | null {
    const shared = this.underWay.get(key) as Promise<V> | undefined;
    if (shared) return shared;
    if (mayRefuse && this.waiting >= this.maxWaiting) return null;
    this.waiting++;
    const result = this.tail.then(drawing).finally(() => {
      this.waiting--;
      this.underWay.delete(key);
    });
    // A drawing that fails fails its own requests only: the next one still runs.
    this.tail = result.catch(() => undefined);
    this.underWay.set(key, result);
    return result;
  }
}

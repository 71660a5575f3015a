/**
 * A background job's timer (the administrator's notifications, the rankings, the tastes): a run now or after a first
 * delay, then one every `intervalMs`, a run still under way skipping the next tick; a failed run handed to
 * `onFailure`; stopping waits for the run under way, at most `stopWaitMs` (a shutdown must not hang on it).
 */
export function periodicRuns(run: () => Promise<unknown>, onFailure: (error: unknown) => unknown, stopWaitMs: number) {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let firstRun: NodeJS.Timeout | undefined;

  function pass() {
    if (running) return;
    running = run()
      .catch(onFailure)
      .finally(() => {
        running = null;
      });
  }

  return {
    start: (intervalMs: number, firstDelayMs = 0) => {
      if (firstDelayMs === 0) pass();
      else {
        firstRun = setTimeout(pass, firstDelayMs);
        firstRun.unref();
      }
      timer = setInterval(pass, intervalMs);
      timer.unref();
    },
    stop: async () => {
      clearTimeout(firstRun);
      clearInterval(timer);
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, stopWaitMs).unref())]);
    },
  };
}

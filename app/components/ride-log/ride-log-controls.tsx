import { Suspense, lazy, type ComponentProps } from "react";

// Members only, and a chunk of its own: the ride page's visitors download none of the log's code.
const RideLogPanel = lazy(() => import("./ride-log-panel"));

/** The ride page's log and wish list controls (see RideLogPanel); the page renders them for members only. */
export function RideLogControls(props: ComponentProps<typeof RideLogPanel>) {
  return (
    <Suspense fallback={null}>
      <RideLogPanel {...props} />
    </Suspense>
  );
}

import { memo, Suspense, use, type ComponentType } from "react";

/**
 * A component whose code is not part of the page's first load (decision 0065). The server draws it in place; in the
 * browser its chunk is fetched when it first renders, and React hydrates its markup once the chunk has arrived
 * (selective hydration, the boundary being its own). Until then the markup is the server's and works as it does
 * without script: a link is followed by the browser, a form is sent by it. React does not replay a click on markup
 * it has not hydrated yet, so only markup that works without script, or that is drawn only after something happened
 * (an error page), is deferred.
 *
 * The server starts loading the module as soon as this one is evaluated, long before a request: its first render
 * then finds it ready and writes it in place, rather than streaming it after the page with a script.
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    if (!loading) {
      const promise = load();
      // Settled, the promise carries its outcome as React's `use` reads it without waiting (React's own protocol).
      promise.then(
        (value) => Object.assign(promise, { status: "fulfilled", value }),
        (reason: unknown) => Object.assign(promise, { status: "rejected", reason }),
      );
      loading = promise;
    }
    return loading;
  };
  if (import.meta.env.SSR) void start();

  function Loaded(props: P) {
    const Component = use(start());
    return <Component {...props} />;
  }
  // Memoized: a parent drawn again (a shared page taking its member's part, decision 0060) would otherwise hand the
  // boundary new props before it has hydrated, and React would then drop the server's markup and draw it anew, empty
  // until the chunk arrives.
  return memo(function Deferred(props: P) {
    return (
      <Suspense>
        <Loaded {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}

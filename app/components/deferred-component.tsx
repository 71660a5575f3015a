import { Suspense, use, type ComponentType } from "react";

/** A promise that carries its value once fulfilled, as React's `use` reads it without waiting (React's own protocol). */
type Tracked<T> = Promise<T> & { status?: "fulfilled" | "rejected"; value?: T; reason?: unknown };

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
  let loading: Tracked<ComponentType<P>> | undefined;
  const start = () => {
    if (!loading) {
      const promise: Tracked<ComponentType<P>> = load();
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
  return function Deferred(props: P) {
    return (
      <Suspense>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

import path from "node:path";
import type { Plugin } from "vite";
import reactRouterConfig from "./react-router.config";

/**
 * Features of React, React DOM and React Router this site does not use, cut from the browser's copies of the packages
 * (decision 0062). Each is reached only through a run-time check (a fragment with a ref, a `<ViewTransition>`, a
 * route's `clientMiddleware`…) or an export of a CommonJS module, so tree-shaking keeps it; each cut makes that check
 * false, removes the export or the methods only a feature's object carries, or makes the feature's function throw
 * first, and terser drops what nothing reaches any more: 9.9 KB gzip on every page.
 * The server keeps the packages whole. Should an upgrade change a listed text, the build fails naming it: read the
 * feature again in the new version, then update or delete its entry.
 */
type Trim = {
  /** The package's module, by the end of its path. */
  module: string;
  feature: string;
  /** The text to cut (a pattern when it spans several similar blocks), as the package's file has it. */
  find: string | RegExp;
  becomes: string;
  /** How many times it occurs. */
  count: number;
};

const REACT = "node_modules/react/cjs/react.production.js";
const REACT_DOM = "node_modules/react-dom/cjs/react-dom-client.production.js";
const REACT_DOM_API = "node_modules/react-dom/cjs/react-dom.production.js";
// React Router is pinned to one version in package.json: its production build's main module has this name.
const REACT_ROUTER = "node_modules/react-router/dist/production/chunk-Q34X6AWR.mjs";

// The attribute aliases kept (see "attribute aliases" below): a label's `htmlFor`, React Router's `<meta httpEquiv>`
// and `<link crossOrigin>`, and names that React Router's error page and the drag-and-drop package write as a style's
// key (where React DOM reads no alias, but the check below cannot tell a style's key from a prop).
const KEPT_ALIASES = [
  ["htmlFor", "for"],
  ["httpEquiv", "http-equiv"],
  ["crossOrigin", "crossorigin"],
  ["fontFamily", "font-family"],
  ["fontSize", "font-size"],
  ["fontStyle", "font-style"],
  ["pointerEvents", "pointer-events"],
] as const;

const TRIMS: readonly Trim[] = [
  {
    // Neither the site nor React Router (whose `createRoutesFromChildren` the build leaves out) uses React's
    // `Children` helpers or `cloneElement`: the build below fails should a script use one of the cut exports.
    module: REACT,
    feature: "Children",
    find: "exports.Children = Children;\n",
    becomes: "",
    count: 1,
  },
  {
    // `useActionState` (and its former name `useFormState`): the site's forms use React Router's fetchers.
    module: REACT,
    feature: "useActionState",
    find: "exports.useActionState = function (action, initialState, permalink) {",
    becomes: "void function (action, initialState, permalink) {",
    count: 1,
  },
  {
    module: REACT_DOM,
    feature: "useActionState",
    find: /^ {4}useFormState: (mount|update|rerender)ActionState,\n {4}useActionState: \1ActionState,\n/gm,
    becomes: "",
    count: 3,
  },
  {
    module: REACT,
    feature: "cloneElement",
    find: "exports.cloneElement = function (element, config, children) {",
    becomes: "void function (element, config, children) {",
    count: 1,
  },
  {
    // The component stack of an error React reports (the console's, or an error boundary's `componentStack`) names
    // each component by its name only, as it already names built-in elements: without the place in the minified
    // script, which React finds by calling the component again under a patched stack trace.
    module: REACT_DOM,
    feature: "component stacks",
    find: 'function describeNativeComponentFrame(fn, construct) {\n  if (!fn || reentry) return "";',
    becomes: 'function describeNativeComponentFrame(fn, construct) {\n  if (1) return (fn = fn && (fn.displayName || fn.name)) ? describeBuiltInComponentFrame(fn) : "";',
    count: 1,
  },
  {
    // React DOM's own exports (portals, resource hints, form helpers): the site imports none (the build below fails
    // should a module other than React Router and React DOM's client import react-dom), React Router takes only
    // `flushSync` and React DOM's client its internals.
    module: REACT_DOM_API,
    feature: "react-dom's exports but flushSync",
    find: /^exports\.(createPortal|preconnect|prefetchDNS|preinit|preinitModule|preload|preloadModule|requestFormReset|unstable_batchedUpdates|useFormState|useFormStatus) = function/gm,
    becomes: "void function",
    count: 11,
  },
  {
    // The resource hints and the form reset that react-dom's exports above hand to React DOM's client: with those
    // exports cut, nothing calls them (React DOM hoists the <link>s a component renders by other code).
    module: REACT_DOM,
    feature: "resource hints",
    find: "  r: requestFormReset,\n  D: prefetchDNS,\n  C: preconnect,\n  L: preload,\n  m: preloadModule,\n  X: preinitScript,\n  S: preinitStyle,\n  M: preinitModuleScript\n",
    becomes: "",
    count: 1,
  },
  {
    // `<SuspenseList>`, which the stable `react` package does not export: no element can have its type here.
    module: REACT_DOM,
    feature: "SuspenseList",
    find: "function updateSuspenseListComponent(current, workInProgress, renderLanes) {\n",
    becomes: 'function updateSuspenseListComponent(current, workInProgress, renderLanes) {\n  throw Error("SuspenseList is cut from this build: package-trims.ts");\n',
    count: 1,
  },
  {
    // A fragment with a ref (`<Fragment ref={…}>`) gets an object with DOM-like methods; no component here gives
    // one a ref, and should one do it, the page fails at that ref with this message instead of lacking methods.
    module: REACT_DOM,
    feature: "fragment refs",
    find: "function FragmentInstance(fragmentFiber) {\n",
    becomes: 'function FragmentInstance(fragmentFiber) {\n  throw Error("Fragment refs are cut from this build: package-trims.ts");\n',
    count: 1,
  },
  {
    module: REACT_DOM,
    feature: "fragment refs (methods)",
    find: /^FragmentInstance\.prototype\.\w+ = function \([^)]*\) \{\n.*?^\};\n/gms,
    becomes: "",
    count: 12,
  },
  {
    // React animates a commit with the browser's view transitions only around a `<ViewTransition>`, which no
    // component here renders: its commit runs as in a browser without that API, which is React's own fallback.
    // (React Router's `viewTransition` option calls the browser itself and is not affected.)
    module: REACT_DOM,
    feature: "view transitions",
    find: "  shouldStartViewTransition\n    ? (pendingViewTransition = startViewTransition(",
    becomes: "  false\n    ? (pendingViewTransition = startViewTransition(",
    count: 1,
  },
  {
    // React's select event (`onSelect`): no element here listens to it, and the build below fails should one do it.
    // The plugin tracked the focused text field and the mouse on every focus, key and mouse event of the page.
    module: REACT_DOM,
    feature: "onSelect",
    find: /^ {6}handleEventFunc = targetInst \? getNodeFromInstance\(targetInst\) : window;\n {6}switch \(domEventName\) \{\n {8}case "focusin":.*?^ {6}\}\n(?= {6}var fallbackData;\n)/gms,
    becomes: "",
    count: 1,
  },
  {
    // React's composition and `onBeforeInput` events, and the fallback that builds them from key events: no element
    // here listens to them, and the build below fails should one do it. Typing (the `onChange` of a field, which
    // the browser's `input` event drives, compositions included) is another plugin's, which stays.
    module: REACT_DOM,
    feature: "onBeforeInput and composition events",
    find: /^ {6}var fallbackData;\n {6}if \(canUseCompositionEvent\)\n.*?^ {12}\(handleEventFunc\.data = fallbackData\)\);\n/gms,
    becomes: "",
    count: 1,
  },
  {
    // Form actions (`<form action={function}>`, and the pending state `useFormStatus` reads, whose export is cut
    // above): the site's forms post to their routes through React Router, whose submit handler the plugin only
    // watched. A function given as an action still makes React write a URL that throws when the form is sent.
    module: REACT_DOM,
    feature: "form actions",
    find: "      extractEvents$1(\n        dispatchQueue,\n        domEventName,\n        targetInst,\n        nativeEvent,\n        nativeEventTarget\n      );\n",
    becomes: "",
    count: 1,
  },
  {
    // `<Activity>` (a subtree kept hidden with its state): no component here renders one, and the build below fails
    // should a script read React's export; one would throw this message.
    module: REACT,
    feature: "Activity",
    find: "exports.Activity = REACT_ACTIVITY_TYPE;\n",
    becomes: "",
    count: 1,
  },
  {
    module: REACT_DOM,
    feature: "Activity",
    find: "function updateActivityComponent(current, workInProgress, renderLanes) {\n",
    becomes: 'function updateActivityComponent(current, workInProgress, renderLanes) {\n  throw Error("Activity is cut from this build: package-trims.ts");\n',
    count: 1,
  },
  {
    // The attribute names React DOM spells differently from their prop (an SVG's `strokeWidth` is `stroke-width`…):
    // only those the site's and React Router's elements use are kept; the build below fails naming a module that
    // writes one of the others.
    module: REACT_DOM,
    feature: "attribute aliases",
    find: /^var aliases = new Map\(\[\n.*?^ {2}\]\),\n/gms,
    becomes: `var aliases = new Map([\n${KEPT_ALIASES.map(([prop, attribute]) => `    ["${prop}", "${attribute}"]`).join(",\n")}\n  ]),\n`,
    count: 1,
  },
  {
    // Hooks and helpers of React that neither the site, React Router nor the drag-and-drop package calls: their
    // exports, and React DOM's implementation of each hook (in its four dispatchers), so that what only they reach
    // goes too. The build below fails should a script read one of the cut exports.
    module: REACT,
    feature: "unused hooks and helpers",
    find: /^exports\.(useDeferredValue|useImperativeHandle|useInsertionEffect|useDebugValue|useTransition|unstable_useCacheRefresh|cacheSignal|addTransitionType|createRef|__COMPILER_RUNTIME) = /gm,
    becomes: "void ",
    count: 10,
  },
  {
    module: REACT_DOM,
    feature: "unused hooks and helpers",
    find: /^ {4}(useImperativeHandle|useInsertionEffect|useDebugValue|useDeferredValue|useTransition|useCacheRefresh): (?:[\w$]+|function \([^)]*\) \{\n.*?^ {4}\}),\n/gms,
    becomes: "",
    count: 24,
  },
  {
    // What a custom app/entry.client.tsx would pass to <HydratedRouter unstable_instrumentations>: the site uses
    // React Router's default entry, which passes none.
    module: REACT_ROUTER,
    feature: "instrumentation",
    find: "  if (init.instrumentations) {",
    becomes: "  if (false) {",
    count: 2,
  },
  {
    // Server components need React Router's RSC plugin and entries; this site renders with the classic ones.
    module: REACT_ROUTER,
    feature: "server components",
    find: "  return React.useContext(RSCRouterContext);",
    becomes: "  return false;",
    count: 1,
  },
  {
    module: REACT_ROUTER,
    feature: "server components (error boundary)",
    find: '    if (this.context && typeof error === "object"',
    becomes: '    if (false && typeof error === "object"',
    count: 1,
  },
  {
    module: REACT_ROUTER,
    feature: "server components (error boundary)",
    find: "    if (this.context) {",
    becomes: "    if (false) {",
    count: 1,
  },
  {
    // A link's `prefetch` ("intent", "render", "viewport"): no link here asks for it (the default is "none"), and the
    // build below fails should one do it; a link given one at run time throws this message instead of prefetching.
    module: REACT_ROUTER,
    feature: "link prefetching",
    find: "    let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(\n      prefetch,\n      rest\n    );",
    becomes: '    if (prefetch !== "none") throw Error("Link prefetching is cut from this build: package-trims.ts");\n    let prefetchRef = null, prefetchHandlers = {};',
    count: 1,
  },
  {
    module: REACT_ROUTER,
    feature: "link prefetching",
    find: "    return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;",
    becomes: "    return link;",
    count: 1,
  },
  {
    // A route's `links` export may name a page to prefetch (`{ page }`): no route here exports `links`; one that
    // named a page would throw this message.
    module: REACT_ROUTER,
    feature: "link prefetching",
    find: "    ({ key, link }) => isPageLinkDescriptor(link) ? /* @__PURE__ */ React8.createElement(\n      PrefetchPageLinks,\n",
    becomes: '    ({ key, link }) => isPageLinkDescriptor(link) ? ((page) => {\n      throw Error("Page prefetching is cut from this build: package-trims.ts");\n    })(\n',
    count: 1,
  },
  {
    // The data strategy of a site without server rendering (`ssr: false`): react-router.config.ts renders on the
    // server, and the build below fails should that change.
    module: REACT_ROUTER,
    feature: "single-page mode's data loading",
    find: "    if (!ssr && !foundRevalidatingServerLoader) {",
    becomes: "    if (false) {",
    count: 1,
  },
  {
    // A NavLink's `viewTransition` state: no link here asks for a view transition, and the build below fails
    // should one do it.
    module: REACT_ROUTER,
    feature: "NavLink view transitions",
    find: "    useViewTransitionState(path) && viewTransition === true;",
    becomes: "    false;",
    count: 1,
  },
  {
    // Client middleware comes from a route module's `clientMiddleware` export, which react-router.config.ts declines
    // (v8_middleware: false) and the build below refuses: the pipeline only ever calls its handler.
    module: REACT_ROUTER,
    feature: "client middleware",
    find: "  let tuple = middlewares[idx];",
    becomes: "  let tuple;",
    count: 1,
  },
];

const CUT_REACT_EXPORTS =
  /\.(Activity|Children|cloneElement|useActionState|useFormState|useDeferredValue|useImperativeHandle|useInsertionEffect|useDebugValue|useTransition|unstable_useCacheRefresh|cacheSignal|addTransitionType|createRef|__COMPILER_RUNTIME)(?![\w$])/;
// The props of the cut event plugins and link features, as a component of the site would write them.
const CUT_PROPS = /\s(onSelect|onSelectCapture|onBeforeInput|onBeforeInputCapture|onComposition\w*|prefetch|viewTransition)=/;

/** The props of React DOM's attribute aliases, read from its untrimmed module. */
function aliasesOf(source: string): string[] {
  const table = /^var aliases = new Map\(\[\n(.*?)^ {2}\]\),\n/ms.exec(source)?.[1] ?? "";
  return [...table.matchAll(/^ {4}\["([\w-]+)", /gm)].map((match) => match[1]!);
}

function occurrences(code: string, find: string | RegExp) {
  return typeof find === "string" ? code.split(find).length - 1 : (code.match(find)?.length ?? 0);
}

export function packageTrims(): Plugin {
  if (!reactRouterConfig.ssr) throw new Error("package-trims.ts cut single-page mode's data loading, and react-router.config.ts turns off ssr");
  const appDirectory = path.join(import.meta.dirname, "app") + path.sep;
  const modules = new Set(TRIMS.map((trim) => trim.module));
  const trimmed = new Set<string>();
  let reactDomSource = "";
  return {
    name: "parcours:package-trims",
    apply: "build",
    // Before the CommonJS plugin rewrites React DOM's module: the texts are the package's own.
    enforce: "pre",
    transform(code, id) {
      if (this.environment.name !== "client") return null;
      if (!/\/node_modules\/react-(router|dom)\//.test(id) && /(?:from\s*|require\(\s*|import\(\s*)["']react-dom["']/.test(code)) {
        this.error(`package-trims.ts cut react-dom's exports but flushSync, and ${id} imports react-dom`);
      }
      if (id.startsWith(appDirectory) && /\.tsx?$/.test(id)) {
        const prop = CUT_PROPS.exec(code)?.[1];
        if (prop) this.error(`package-trims.ts cut what \`${prop}\` needs, which ${id} uses`);
      }
      const module = [...modules].find((path) => id.endsWith(path));
      if (!module) return null;
      let result = code;
      for (const trim of TRIMS.filter((entry) => entry.module === module)) {
        const found = occurrences(result, trim.find);
        if (found !== trim.count) {
          this.error(`package-trims.ts (${trim.feature}): expected ${trim.count} × ${JSON.stringify(String(trim.find).slice(0, 80))} in ${module}, found ${found}`);
        }
        result = result.replaceAll(trim.find, trim.becomes);
      }
      if (module === REACT_DOM) reactDomSource = code;
      trimmed.add(module);
      return { code: result, map: null };
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const missing = [...modules].filter((module) => !trimmed.has(module));
      if (missing.length > 0) this.error(`package-trims.ts: not in the browser's build: ${missing.join(", ")}`);
      const withMiddleware = Object.values(bundle).filter((output) => output.type === "chunk" && output.exports.includes("clientMiddleware"));
      if (withMiddleware.length > 0) {
        this.error(`package-trims.ts cut client middleware, which ${withMiddleware.map((chunk) => chunk.fileName).join(", ")} exports`);
      }
      // A prop whose attribute alias is cut, written by any module but React DOM's (whose own tables name them).
      const cutAliases = new RegExp(`(?<![\\w$])(${aliasesOf(reactDomSource).filter((prop) => !KEPT_ALIASES.some(([kept]) => kept === prop)).join("|")})(?![\\w$])`);
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        for (const [id, rendered] of Object.entries(output.modules)) {
          const prop = id.endsWith(REACT_DOM) ? undefined : cutAliases.exec(rendered.code ?? "")?.[1];
          if (prop) this.error(`package-trims.ts cut React DOM's attribute alias for \`${prop}\`, which ${id} uses`);
        }
      }
      // A module that imports one of React's cut exports reads it as a property of React's module.
      const naming = Object.values(bundle).filter((output) => output.type === "chunk" && CUT_REACT_EXPORTS.test(output.code));
      if (naming.length > 0) {
        this.error(`package-trims.ts cut exports of React (Activity, Children, cloneElement, useActionState, unused hooks and helpers), which ${naming.map((chunk) => chunk.fileName).join(", ")} uses`);
      }
    },
  };
}

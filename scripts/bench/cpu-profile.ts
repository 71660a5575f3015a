/**
 * Where a V8 CPU profile's time goes (scripts/profile-render.ts, decision 0056): the samples taken in a window
 * of time, each given to the category of the innermost frame of its stack that has one (a builtin such as
 * JSON.stringify or a Node stream counts for the library that called it), and the functions with the most
 * self time. The server build is minified: its frames are named by its source maps (a build with
 * `--sourcemapServer hidden`), so that the translator, the services and the components show by their files.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

type Category =
  | "React render (react-dom, components)"
  | "loader data serialization (turbo-stream, inline scripts)"
  | "React Router (matching, loader calls)"
  | "SQL: PGlite engine (WebAssembly)"
  | "SQL: drizzle and driver"
  | "session lookup (better-auth)"
  | "translation (createTranslator)"
  | "loaders and services (app/server)"
  | "compression (gzip)"
  | "HTTP, Express, streams, logging"
  | "garbage collection"
  | "other (V8, Node, unattributed)";

/**
 * A frame's place: the file relative to the root, its line, and the function's name. Traced back through a source
 * map, the name is the map's at the function's start, often its first parameter's: the file and line are what tell,
 * with V8's own name of the function when the minifier left it.
 */
type Place = { file: string; line?: number; name: string; mapped: boolean };

/** React Router's copy of turbo-stream and the inline scripts carrying loader data (react-router/dist). */
const SERIALIZATION_FUNCTIONS = new Set([
  "encodeViaTurboStream",
  "flatten",
  "stringify",
  "encode",
  "escapeHtml",
  "StreamTransfer",
  "createLineSplittingTransform",
  "isPlainObject2",
  "flattenValue",
  "partsForObj",
  "start", // the encoding stream's
]);

const PACKAGE_CATEGORIES: Array<[RegExp, Category]> = [
  [/\/node_modules\/(react-dom|react|scheduler)\//, "React render (react-dom, components)"],
  [/\/node_modules\/@electric-sql\/pglite\//, "SQL: PGlite engine (WebAssembly)"],
  [/\/node_modules\/(drizzle-orm|postgres)\//, "SQL: drizzle and driver"],
  [/\/node_modules\/(better-auth|@better-auth|better-call|@better-fetch|jose|@noble)\//, "session lookup (better-auth)"],
  [/\/node_modules\/compression\/|^node:zlib$/, "compression (gzip)"],
  [/\/node_modules\/(express|router|pino|pino-http|thread-stream|sonic-boom|on-finished|@react-router\/express|@react-router\/node)\//, "HTTP, Express, streams, logging"],
];

const SOURCE_CATEGORIES: Array<[RegExp, Category]> = [
  [/^app\/i18n\//, "translation (createTranslator)"],
  [/^app\/server\/auth\//, "session lookup (better-auth)"],
  [/^app\/server\/db\//, "SQL: drizzle and driver"],
  [/^app\/server\//, "loaders and services (app/server)"],
  [/^http\//, "HTTP, Express, streams, logging"],
];

/** The category of one frame, or undefined when its time belongs to its caller's (builtins, Node internals, components). */
function frameCategory(frame: CallFrame, place: Place | undefined): Category | undefined {
  const { functionName, url } = frame;
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)") return "other (V8, Node, unattributed)";
  if (url.startsWith("wasm://")) return "SQL: PGlite engine (WebAssembly)";
  // The build bundles some packages (React Router among them): their frames are known by the file the map gives.
  const file = place?.file ?? url;
  if (file.includes("/node_modules/react-router/"))
    return SERIALIZATION_FUNCTIONS.has(place?.name ?? functionName)
      ? "loader data serialization (turbo-stream, inline scripts)"
      : "React Router (matching, loader calls)";
  for (const [pattern, category] of PACKAGE_CATEGORIES) if (pattern.test(url) || pattern.test(file)) return category;
  for (const [pattern, category] of SOURCE_CATEGORIES) if (pattern.test(file)) return category;
  return undefined;
}

/** Decodes a source map's `mappings` (base-64 VLQ) into, per generated line, its segments [column, source, line, column, name?]. */
function decodeMappings(mappings: string): number[][][] {
  const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const state = [0, 0, 0, 0, 0];
  return mappings.split(";").map((line) => {
    state[0] = 0; // the generated column restarts on each line; the other fields run on
    return line
      .split(",")
      .filter(Boolean)
      .map((segment) => {
        const values: number[] = [];
        let value = 0;
        let shift = 0;
        for (const character of segment) {
          const digit = digits.indexOf(character);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            values.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        return values.map((delta, index) => (state[index] = state[index]! + delta));
      });
  });
}

/** Traces frames of minified build files back to their sources through the files' `.map` beside them. */
function sourcePlaces(root: string) {
  const maps = new Map<string, { sources: string[]; names: string[]; lines: number[][][] } | null>();
  return (frame: CallFrame): Place | undefined => {
    if (!frame.url.startsWith("file://")) return undefined;
    const file = fileURLToPath(frame.url);
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      if (!existsSync(mapFile)) maps.set(file, null);
      else {
        const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; names: string[]; mappings: string };
        const sources = map.sources.map((source) => path.relative(root, path.resolve(path.dirname(file), source)));
        maps.set(file, { sources, names: map.names, lines: decodeMappings(map.mappings) });
      }
    }
    const map = maps.get(file);
    if (!map) return { file: path.relative(root, file), line: frame.lineNumber + 1, name: frame.functionName, mapped: false };
    const segments = map.lines[frame.lineNumber] ?? [];
    let found: number[] | undefined;
    for (const segment of segments) if (segment[0]! <= frame.columnNumber) found = segment;
    if (!found || found.length < 4) return undefined;
    return { file: map.sources[found[1]!]!, line: found[2]! + 1, name: found.length > 4 ? map.names[found[4]!]! : frame.functionName, mapped: true };
  };
}

export type ProfileSummary = {
  /** Milliseconds of samples in the window, idle excluded, by category. */
  categories: Map<Category, number>;
  /** The functions with the most self time: "name (file:line)", the category their time went to, and milliseconds. */
  functions: Array<[string, Category, number]>;
  busyMs: number;
};

/** Sums the samples taken between `from` and `to` (microseconds, the profile's clock: the system's monotonic one). */
export function summarizeProfile(profile: CpuProfile, root: string, from: number, to: number): ProfileSummary {
  const place = sourcePlaces(root);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const categoryOf = new Map<number, Category>();
  const categorize = (id: number): Category => {
    const known = categoryOf.get(id);
    if (known) return known;
    const node = nodes.get(id)!;
    const parent = parents.get(id);
    const category = frameCategory(node.callFrame, place(node.callFrame)) ?? (parent === undefined ? "other (V8, Node, unattributed)" : categorize(parent));
    categoryOf.set(id, category);
    return category;
  };
  const categories = new Map<Category, number>();
  const selfTime = new Map<string, [string, Category, number]>();
  let busyMs = 0;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index]!;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (time < from || time > to) continue;
    const node = nodes.get(profile.samples[index]!)!;
    if (node.callFrame.functionName === "(idle)") continue;
    busyMs += ms;
    const category = categorize(node.id);
    categories.set(category, (categories.get(category) ?? 0) + ms);
    const where = place(node.callFrame);
    const frame = node.callFrame;
    const line = where ? where.line : frame.lineNumber + 1;
    // A name of one or two letters is the minifier's.
    const name = frame.functionName.length > 2 || !where?.mapped ? frame.functionName || "(anonymous)" : "function";
    const label = `${name} (${where?.file ?? (frame.url || "builtin")}${line ? `:${line}` : ""})`;
    const key = `${label} ${category}`;
    selfTime.set(key, [label, category, (selfTime.get(key)?.[2] ?? 0) + ms]);
  }
  const functions = [...selfTime.values()].sort((a, b) => b[2] - a[2]);
  return { categories, functions, busyMs };
}

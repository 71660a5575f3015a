import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fr from "~/i18n/locales/fr";

const APP = path.resolve(import.meta.dirname, "../../app");
const NAMESPACES = new Set(Object.keys(fr));

/** The source without its comments, which quote keys as examples. */
function code(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The file an import names, when it is one of app/'s modules. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/") ? path.join(APP, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  return [`${base}.ts`, `${base}.tsx`, base].find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/**
 * Not followed: the server's modules (loaders and actions translate with the whole
 * catalogue there), the catalogue itself, and other route modules (each is checked on its own).
 */
const serverOnly = (file: string) => /[/\\]app[/\\](server|i18n|routes)[/\\]/.test(file) || /\.server\.tsx?$/.test(file);

const IMPORT = /^\s*(?:import|export)(?!\s+type\s)[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
// A message key or the fixed head of a built one (`attractionTypes.${type}` gives "attractionTypes.").
const KEY = /["'`]([a-zA-Z]+\.[\w.]*)/g;

function keysIn(text: string): string[] {
  return [...text.matchAll(KEY)].map((match) => match[1]!).filter((key) => NAMESPACES.has(key.split(".")[0]!));
}

/**
 * Every message key a route module's screen may show: those written in the module
 * and in the modules it imports under app/, followed from import to import. A
 * server-side translation in the module (`requestT(request)("park.notFound")`) is
 * not the screen's, and keys a failed loader's page shows are listed apart.
 */
export function usedKeys(routeFile: string): { screen: string[]; onError: string[] } {
  const own = code(routeFile);
  const onError = [...own.matchAll(/routeErrorBoundary\(\s*["']([^"']+)["']/g)].map((match) => match[1]!);
  const screen = new Set(keysIn(own.replace(/requestT\([^)]*\)\(\s*["'`][^"'`]*["'`]/g, "").replace(/routeErrorBoundary\([^)]*\)/g, "")));
  const seen = new Set<string>([routeFile]);
  const pending = [...own.matchAll(IMPORT)].map((match) => resolveImport(routeFile, match[1] ?? match[2]!));
  while (pending.length > 0) {
    const file = pending.pop();
    if (!file || seen.has(file) || serverOnly(file)) continue;
    seen.add(file);
    const text = code(file);
    for (const key of keysIn(text)) screen.add(key);
    for (const match of text.matchAll(IMPORT)) pending.push(resolveImport(file, match[1] ?? match[2]!));
  }
  return { screen: [...screen].sort(), onError };
}

/** The scopes a module's loader sends: the list given to `routeMessages`, written in the call or as a constant of the module. */
export function declaredScopes(file: string): string[] {
  const text = code(file);
  const call = /routeMessages\([^,]+,\s*(\[[^\]]*\]|[A-Z_]+)\s*\)/.exec(text);
  if (!call) return pageMessagesScopes(file, text);
  const list = call[1]!.startsWith("[") ? call[1]! : (new RegExp(`const ${call[1]}\\b[^=]*=\\s*\\[([\\s\\S]*?)\\];`).exec(text)?.[1] ?? "");
  // A page may also send its members' controls' texts from a module of its own (the ride page's log, decision 0068).
  return [...[...list.matchAll(/["']([\w.]+)["']/g)].map((match) => match[1]!), ...pageMessagesScopes(file, text)];
}

/**
 * A page whose messages are split between visitors and members (decision 0068) declares both lists in a module of its
 * own (app/server/pages/<page>-messages.ts): every scope of both, which a member's render sends together.
 */
function pageMessagesScopes(file: string, text: string): string[] {
  const scopes: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const imported = /[/\\]server[/\\]pages[/\\][\w-]+-messages\.ts$/.test(resolveImport(file, match[1] ?? match[2]!) ?? "") ? resolveImport(file, match[1] ?? match[2]!)! : null;
    if (!imported) continue;
    for (const list of code(imported).matchAll(/:\s*readonly MessageScope\[\]\s*=\s*\[([\s\S]*?)\];/g)) scopes.push(...[...list[1]!.matchAll(/["']([\w.]+)["']/g)].map((scope) => scope[1]!));
  }
  return scopes;
}

/** Whether a key (or a built key's fixed head) is within the scopes sent. */
export function isCovered(key: string, scopes: readonly string[]): boolean {
  return scopes.some((scope) => key === scope || key.startsWith(`${scope}.`));
}

export const appFile = (relative: string) => path.join(APP, relative);

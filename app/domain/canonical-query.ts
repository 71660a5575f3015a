import { rankingsSearch } from "./ranking-tabs";
import { readRankingsView } from "./rankings";

/**
 * The part of an address's query that names a page of its own, which its
 * canonical address keeps: the rankings' tab and type (decision 0020). Other
 * pages have none (a park list's filters or page number are views of one
 * page). `path` is the address without its language prefix. The root loader
 * works it out on the server, so no page's JavaScript carries this rule.
 */
export function canonicalQuery(path: string, search: URLSearchParams): string {
  if (path !== "/rankings") return "";
  const view = readRankingsView(search);
  return view ? rankingsSearch(view) : "";
}

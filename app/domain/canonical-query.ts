import { rankingsSearch } from "./ranking-tabs";
import { readRankingsView } from "./rankings";

/**
 * The part of an address's query that names a page of its own, which its
 * canonical address keeps: the rankings' tab and type (decision 0020). Other
 * pages have none (a park list's filters or page number are views of one
 * page). `path` is the address without its language prefix. The root loader
 * works it out on the server, so no page's JavaScript carries this rule.
 */
function canonicalQuery(path: string, search: URLSearchParams): string {
  if (path !== "/rankings") return "";
  const view = readRankingsView(search);
  return view ? rankingsSearch(view) : "";
}

/**
 * The address of the page, without its language prefix, that its canonical link and og:url name: its path and the
 * query above. A member's own profile (/profile) names their public profile (/profile/<id>): the page they get is
 * that one's, kept for visitors, with their tools in its member slots (decision 0067), so both heads say the same.
 */
export function canonicalPath(path: string, search: URLSearchParams, memberId: string | undefined): string {
  return (path === "/profile" && memberId ? `/profile/${memberId}` : path) + canonicalQuery(path, search);
}

/**
 * The park screen's views live in the address (`?edit=<id>`, `?reviews=<id>`)
 * beside the list's search and status filter, which "Retour à la liste" gives
 * back. The page cursor (`older`/`newer`) is left behind both ways: the
 * reviews view pages with it, and the list starts again from its newest rows.
 */
export function viewSearch(params: URLSearchParams, view: "edit" | "reviews", id: string): string {
  const next = listParams(params);
  next.set(view, id);
  return `?${next.toString()}`;
}

export function listSearch(params: URLSearchParams): string {
  const next = listParams(params);
  const text = next.toString();
  return text ? `?${text}` : "?";
}

function listParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ["edit", "reviews", "older", "newer"]) next.delete(name);
  return next;
}

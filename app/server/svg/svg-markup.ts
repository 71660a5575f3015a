/**
 * Server-drawn SVG (the map and the charts: decisions 0033 and 0035). Pictures are built as strings on the server,
 * so no drawing code reaches the browser; every text that comes from data goes through
 * escapeXml, because the markup is inserted into the page as is (ServerSvg).
 */
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);
}

/** Coordinates with at most one decimal: enough on a few hundred pixels, and a path half as long. */
export function svgNumber(value: number): string {
  return String(Math.round(value * 10) / 10);
}

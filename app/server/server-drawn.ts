import type { ServerDrawn } from "~/domain/server-drawn";
import type { AppLoadContext } from "./load-context";

/**
 * `markup` as the loader's data carries it (decision 0068). A document's render keeps it in the render's own
 * `drawnInDocument` and the data names it only: the document holds it once, in its markup, instead of twice. A data
 * request (a client-side navigation, a revalidation) has no document: the markup travels in the data.
 */
export function serverDrawn(context: Pick<AppLoadContext, "drawnInDocument">, name: string, markup: string): ServerDrawn;
export function serverDrawn(context: Pick<AppLoadContext, "drawnInDocument">, name: string, markup: string | null): ServerDrawn | null;
export function serverDrawn(context: Pick<AppLoadContext, "drawnInDocument">, name: string, markup: string | null): ServerDrawn | null {
  if (markup === null || !context.drawnInDocument) return markup;
  context.drawnInDocument.set(name, markup);
  return { drawnInDocument: name };
}

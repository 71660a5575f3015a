import { createContext, useContext, useState } from "react";
import type { ServerDrawn } from "~/domain/server-drawn";

/** The pictures drawn for the document being rendered, by name (decision 0068): on the server only. */
export const DrawnInDocument = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/** In the browser, the pictures the document came with, read from it once hydrated, for a picture drawn again. */
const documentPictures = new Map<string, string>();

/**
 * A picture drawn on the server (app/server/svg): its markup is inserted as is, so the browser bundle carries this
 * one element and no drawing code. The markup is built only by server code that escapes every text it takes from data.
 *
 * A picture the document came with is named only in the page's data (decision 0068). Hydrating, React neither
 * compares nor writes an element's inner HTML, so the empty markup here keeps what the server wrote; the picture is
 * read from the page then, for a remount of the same data (a shared page drawn again with the member's part).
 */
export function ServerSvg({ markup, className }: { markup: ServerDrawn; className?: string }) {
  const drawn = useContext(DrawnInDocument);
  const name = typeof markup === "string" ? null : markup.drawnInDocument;
  // Taken once, when this element is made: the one hydrated keeps "" (its server markup stays untouched by later
  // renders), one made again afterwards starts from the picture read from the page.
  const [fromDocument] = useState(() => (name === null ? undefined : documentPictures.get(name)));
  const html = name === null ? (markup as string) : (drawn?.get(name) ?? fromDocument ?? "");
  // Once in the page (after hydration: the server's markup), a named picture is read from it.
  const readPicture = (element: HTMLDivElement | null) => {
    if (name !== null && element && !documentPictures.has(name)) documentPictures.set(name, element.innerHTML);
  };
  return <div ref={readPicture} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

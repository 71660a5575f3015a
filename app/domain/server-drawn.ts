/**
 * A picture drawn on the server (charts, the map's marks) as a page's data carries it (decision 0068): its markup,
 * or — in the data a document is hydrated from — only its name, the markup being in the document already.
 */
export type ServerDrawn = string | { drawnInDocument: string };

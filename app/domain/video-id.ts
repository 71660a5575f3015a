/** YouTube video ids: eleven characters of the URL-safe base-64 alphabet. */
const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

const URL_SHAPES = [
  /^(?:https?:\/\/)?(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
  /^(?:https?:\/\/)?youtu\.be\/([A-Za-z0-9_-]{11})(?:[?&#/].*)?$/,
];

/** The stored id when it can go in the player's address, else null (the page then shows no video section). */
export function embeddableVideoId(stored: string | null): string | null {
  return stored !== null && VIDEO_ID_PATTERN.test(stored) ? stored : null;
}

/**
 * The video id stored in youtube_url (the column holds an id, not an address). The
 * form asks for the id, trimmed, empty meaning none (docs/rules/catalogue.md#video); a pasted YouTube
 * address is also understood, since that is what people copy. Undefined when
 * the text is neither.
 */
export function readVideoId(raw: string): string | null | undefined {
  const text = raw.trim();
  if (text === "") return null;
  if (VIDEO_ID_PATTERN.test(text)) return text;
  for (const shape of URL_SHAPES) {
    const match = shape.exec(text);
    if (match) return match[1];
  }
  return undefined;
}

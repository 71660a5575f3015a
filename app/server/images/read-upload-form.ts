import Busboy from "busboy";
import { data } from "react-router";
import { IMAGE_MAX_BYTES } from "~/domain/image-limits";
import { ImageUploadError } from "./image-upload-error";

/** All text of one form together: our longest forms have a few 5,000-character descriptions. */
export const MAX_TEXT_BYTES = 256 * 1024;
/** Parts of one form: its inputs and the file, with room to spare. */
const MAX_PARTS = 60;
/** The whole body: the image, the text and the multipart framing around them. */
export const MAX_BODY_BYTES = IMAGE_MAX_BYTES + 1024 * 1024;

export type UploadForm = {
  /** The text fields (the file field's own name is never among them). */
  fields: FormData;
  /** The uploaded file's bytes; null when the form carried none or an empty one (an untouched file input). */
  image: Uint8Array | null;
};

/**
 * Reads a form that may carry one image (`multipart/form-data`) or none
 * (`application/x-www-form-urlencoded`), enforcing the limits while the body
 * streams in: reading stops as soon as the file passes IMAGE_MAX_BYTES or the
 * body MAX_BODY_BYTES, so a huge upload is never held in memory.
 *
 * Too big an image or body: `ImageUploadError("tooLarge")`. Too much text:
 * a 413 response; a malformed form, too many parts or an unexpected file: a
 * 400 response (thrown, for the route's error boundary).
 *
 * The body is left unread rather than cancelled on refusal: cancelling the
 * request stream destroys the socket, and the refusal could not be answered.
 * Unread, the connection just stops taking data; the client gets its answer
 * and closes it (or Node's keep-alive timeout does).
 */
export async function readUploadForm(request: Request, fileField: string): Promise<UploadForm> {
  const { fields, files } = await readUploadParts(request, fileField, { maxFiles: 1, maxBodyBytes: MAX_BODY_BYTES, tooManyFiles: badRequest });
  return { fields, image: files[0] ?? null };
}

export type UploadPartsLimits = {
  maxFiles: number;
  maxBodyBytes: number;
  /** What to throw when the form carries more files than maxFiles. */
  tooManyFiles: () => unknown;
};

/**
 * The streaming reader behind readUploadForm and readUploadFormWithFiles:
 * the same limits and refusals, for up to `maxFiles` files under one field
 * name. Empty files (untouched inputs) are left out of `files`.
 */
export async function readUploadParts(
  request: Request,
  fileField: string,
  limits: UploadPartsLimits,
): Promise<{ fields: FormData; files: Uint8Array[] }> {
  const declaredLength = Number(request.headers.get("Content-Length"));
  // A body announced as too big is refused before a byte is read; a big photo is by far the likeliest cause.
  if (declaredLength > limits.maxBodyBytes) throw new ImageUploadError("tooLarge");
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body) throw badRequest();
  if (/^multipart\/form-data;.*boundary=/i.test(contentType)) return readMultipart(request.body, contentType, fileField, limits);
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    return { fields: await readUrlEncoded(request.body, fileField), files: [] };
  }
  throw badRequest();
}

async function readMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  fileField: string,
  limits: UploadPartsLimits,
): Promise<{ fields: FormData; files: Uint8Array[] }> {
  const fields = new FormData();
  const fileChunks: Uint8Array[][] = [];
  let textBytes = 0;
  let refusal: unknown = null;
  const refuse = (error: unknown) => {
    refusal ??= error;
  };

  // Busboy reports a limit once a part reaches it, not passes it: one byte more lets exactly 10 MB through.
  const parser = Busboy({
    headers: { "content-type": contentType },
    limits: { fileSize: IMAGE_MAX_BYTES + 1, files: limits.maxFiles, parts: MAX_PARTS, fieldSize: MAX_TEXT_BYTES + 1, fieldNameSize: 200, headerPairs: 20 },
  });
  parser.on("field", (name: string | undefined, value: string, info: Busboy.FieldInfo) => {
    // A part without a name (a broken Content-Disposition), or a NUL byte PostgreSQL would refuse: no form of ours sends either.
    if (name === undefined || name.includes("\0") || value.includes("\0")) return refuse(badRequest());
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.nameTruncated || info.valueTruncated || textBytes > MAX_TEXT_BYTES) return refuse(tooMuchText());
    // An untouched file input can arrive as an empty text part under the file's name.
    if (name !== fileField) fields.append(name, value);
  });
  parser.on("file", (name: string, file: NodeJS.ReadableStream) => {
    // Only raised when the parser is destroyed after a refusal, which is already recorded.
    file.on("error", () => refuse(badRequest()));
    if (name !== fileField) {
      file.resume();
      return refuse(badRequest());
    }
    const chunks: Uint8Array[] = [];
    fileChunks.push(chunks);
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    // Busboy stops passing data on at the limit; we stop feeding it the body.
    file.on("limit", () => refuse(new ImageUploadError("tooLarge")));
  });
  parser.on("partsLimit", () => refuse(badRequest()));
  parser.on("filesLimit", () => refuse(limits.tooManyFiles()));
  parser.on("error", () => refuse(badRequest()));
  const closed = new Promise<void>((resolve) => parser.once("close", resolve));

  const reader = body.getReader();
  let received = 0;
  try {
    while (refusal === null) {
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        await closed;
        break;
      }
      received += value.byteLength;
      if (received > limits.maxBodyBytes) refuse(new ImageUploadError("tooLarge"));
      else if (!parser.write(value)) await settled(parser, ["drain", "error", "close"]);
    }
  } finally {
    reader.releaseLock();
  }
  if (refusal !== null) {
    parser.destroy();
    throw refusal;
  }
  const files = fileChunks
    .map((chunks) => joined(chunks, chunks.reduce((total, chunk) => total + chunk.byteLength, 0)))
    .filter((bytes) => bytes.byteLength > 0);
  return { fields, files };
}

async function readUrlEncoded(body: ReadableStream<Uint8Array>, fileField: string): Promise<FormData> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      received += chunk.value.byteLength;
      if (received > MAX_TEXT_BYTES) throw tooMuchText();
      chunks.push(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  const fields = new FormData();
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(joined(chunks, received)))) {
    if (name.includes("\0") || value.includes("\0")) throw badRequest();
    if (name !== fileField) fields.append(name, value);
  }
  return fields;
}

/** The chunks in one array of its own (not a view on Node's shared buffer pool). */
function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Resolves at the first of these events (the parser draining its buffer, or ending). */
function settled(emitter: NodeJS.EventEmitter, events: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      resolve();
    };
    for (const event of events) emitter.once(event, done);
  });
}

function badRequest() {
  return data(null, { status: 400 });
}

function tooMuchText() {
  return data(null, { status: 413 });
}

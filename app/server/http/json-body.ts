/**
 * The request's JSON, or undefined when it is not a small JSON document: the
 * wrong content type, more than `maxBytes` (counted as it arrives, not
 * trusted from Content-Length), not UTF-8, a NUL byte, or not JSON.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json" || !request.body) return undefined;
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return undefined; // not UTF-8: a bad request, nothing to log
  }
  if (text.includes("\u0000")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // broken JSON: a bad request, nothing to log
  }
}

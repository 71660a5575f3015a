import { isImageKey } from "~/domain/image-reference";
import type { Route } from "./+types/images";

/**
 * /images/<bucket>/<id>-<width>.<avif|webp>: a stored rendition, streamed from
 * storage. Keys are random and never rewritten, so browsers and proxies may
 * keep them for a year without asking again.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const file = isImageKey(key) ? await context.imageStorage.get(key) : null;
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (file.size !== null) headers.set("Content-Length", String(file.size));
  return new Response(file.body, { headers });
}

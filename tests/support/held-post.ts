import http from "node:http";

/**
 * A form post whose body is held back: `started` resolves once the server has
 * the request (its "100 Continue", sent as it hands the request to the
 * application), and the body goes out only when `finish` is called. The
 * graceful-shutdown checks use it as a request under way.
 */
export function heldPost(url: string, origin: string, body: string) {
  const address = new URL(url);
  const request = http.request({
    host: address.hostname,
    port: address.port,
    path: `${address.pathname}${address.search}`,
    method: "POST",
    agent: false,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
      origin,
    },
  });
  const failed = new Promise<never>((_resolve, reject) => request.on("error", reject));
  const started = Promise.race([new Promise<void>((resolve) => request.on("continue", () => resolve())), failed]);
  const answered = Promise.race([
    new Promise<{ status: number; text: string }>((resolve) =>
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      }),
    ),
    failed,
  ]);
  request.flushHeaders();
  return { started, finish: () => void request.end(body), answered };
}

import crypto from "node:crypto";
import type http from "node:http";
import type { NextFunction, Request, Response } from "express";

type SecurityOptions = { development: boolean; https: boolean; formTargets: readonly string[] };

/**
 * Security headers for every response, with a Content-Security-Policy whose
 * script nonce changes per response; React Router's inline scripts carry it.
 * Development relaxes scripts and connections for Vite's hot reload.
 * `securityHeaderWriter` gives the function that sets them on a response and
 * returns its nonce: the Express middleware below and the kept pages answered
 * before Express (http/kept-pages-first.ts) both use it, so every response
 * has the same.
 */
export function securityHeaderWriter(options: SecurityOptions): (response: http.ServerResponse) => string {
  // Everything but the nonce is the same for every response: written once.
  const scriptSource = (nonce: string) => (options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`);
  const policyAfterScripts = [
    // Inline style attributes are harmless without inline scripts; React sets a few.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The captcha widget solves its proof of work in Web Workers created from blobs.
    "worker-src 'self' blob:",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    // Videos load only after a click, from the privacy-enhanced player.
    "frame-src https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    // mailto: lets the contact form work without JavaScript; the sign-in provider's origin lets
    // 'Continuer avec Google' redirect there after its form post when JavaScript is off.
    `form-action 'self' mailto: ${options.formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  const fixedHeaders: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    // Geolocation for our own pages only: the home's "Near me" asks for it after a click (docs/rules/catalogue.md#near-me).
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self), interest-cohort=()"],
    ...(options.https ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
  return (response) => {
    const nonce = newNonce();
    response.setHeader("Content-Security-Policy", `default-src 'self'; script-src ${scriptSource(nonce)}; ${policyAfterScripts}`);
    for (const [name, value] of fixedHeaders) response.setHeader(name, value);
    return nonce;
  };
}

export function securityHeaders(options: SecurityOptions) {
  const write = securityHeaderWriter(options);
  return (_request: Request, response: Response, next: NextFunction) => {
    response.locals.nonce = write(response);
    next();
  };
}

// A nonce is 16 random bytes. Drawn from the system one response at a time, they took 2 % of a kept page's
// CPU time (docs/rules/quality.md#anonymous-throughput): they are drawn 4 KB at a time and handed out 16 by 16, each used once.
const NONCE_BYTES = 16;
const randomPool = Buffer.alloc(4096);
let poolOffset = randomPool.length;

function newNonce(): string {
  if (poolOffset === randomPool.length) {
    crypto.randomFillSync(randomPool);
    poolOffset = 0;
  }
  const nonce = randomPool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

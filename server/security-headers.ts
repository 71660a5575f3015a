import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Security headers for every response, with a Content-Security-Policy whose
 * script nonce changes per response; React Router's inline scripts carry it.
 * Development relaxes scripts and connections for Vite's hot reload.
 */
export function securityHeaders(options: { development: boolean; https: boolean; formTargets: readonly string[] }) {
  return (_request: Request, response: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    response.locals.nonce = nonce;
    const scriptSource = options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    const policy = [
      "default-src 'self'",
      `script-src ${scriptSource}`,
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
    ];
    if (options.https) policy.push("upgrade-insecure-requests");
    response.setHeader("Content-Security-Policy", policy.join("; "));
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    if (options.https) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

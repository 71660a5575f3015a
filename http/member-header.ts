import crypto from "node:crypto";
import type http from "node:http";

/**
 * Whom a response was rendered for, told to the service worker (public/sw.js,
 * docs/decisions/0041): it deletes its private copies and plan outboxes as soon
 * as an answer names anyone other than the member they belong to.
 */
export const MEMBER_HEADER = "X-Parcours-Member";
export const NO_MEMBER = "none";

/**
 * The header's value for a member: an HMAC of their id under a key derived from
 * the auth secret, so the header never carries the id itself (it reaches logs
 * and proxies) and cannot be forged for another member; "none" for a visitor.
 */
export function memberTagger(authSecret: string): (userId: string | null) => string {
  const key = crypto.createHmac("sha256", authSecret).update("parcours:member-header").digest();
  return (userId) => (userId ? crypto.createHmac("sha256", key).update(userId).digest("base64url").slice(0, 22) : NO_MEMBER);
}

/** Sets whom `response` was rendered for. */
export function tellMember(response: http.ServerResponse, tag: string) {
  response.setHeader(MEMBER_HEADER, tag);
}

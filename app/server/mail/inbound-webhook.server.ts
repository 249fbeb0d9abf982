import { createHmac, timingSafeEqual } from "node:crypto";

// The inbound webhook's one provider format (decision 097): Mailgun's route action
// `forward("https://<host>/api/inbound-email/mime")`. A URL ending in "mime" makes Mailgun post the
// raw message as the form field `body-mime`, with the envelope's `recipient`, and signs each post
// with its HTTP webhook signing key: `signature` = hex HMAC-SHA256 of `timestamp` + `token`.

/** How far a post's timestamp may be from now: an old signed post replayed is refused. */
export const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/**
 * Whether a post carries Mailgun's signature made with `secret` (INBOUND_WEBHOOK_SECRET, the signing
 * key) and a timestamp within SIGNATURE_MAX_AGE_SECONDS of `now`. Compared in constant time.
 */
export function isSignedPost(
  fields: { timestamp: unknown; token: unknown; signature: unknown },
  secret: string,
  now: number = Date.now(),
): boolean {
  const { timestamp, token, signature } = fields;
  if (typeof timestamp !== "string" || typeof token !== "string" || typeof signature !== "string") return false;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(timestamp + token).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, "hex") : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Signs a post as Mailgun does (tests, and a script that replays a stored message). */
export function signPost(secret: string, timestamp: string, token: string): string {
  return createHmac("sha256", secret).update(timestamp + token).digest("hex");
}

import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Links that must keep working in every email ever sent, such as a job alert's unsubscribe link
 * (decision 111), cannot be a stored token's hash: the digest written next week needs the token
 * itself. They are signed instead: `<id>.<HMAC-SHA256(key, purpose:id)>`, the key derived from the
 * server's secret (the one that signs sessions), so the database holds nothing that makes a link.
 * One-off links keep the stored hash of a random token (secret-token.server.ts).
 */

const holder = globalThis as typeof globalThis & { __openhireLinkKey?: Buffer };

/** Set once at start-up from the server's secret (and by tests). */
export function setLinkSigningSecret(secret: string) {
  holder.__openhireLinkKey = createHmac("sha256", secret).update("openhire link signing").digest();
}

function key(): Buffer {
  if (!holder.__openhireLinkKey) throw new Error("The link signing secret is not set: the app sets it at start-up.");
  return holder.__openhireLinkKey;
}

const mac = (purpose: string, id: string) => createHmac("sha256", key()).update(`${purpose}:${id}`).digest("base64url");

/** The signed token of `id` for `purpose` ("job-alert-unsubscribe", …). */
export function signLinkToken(purpose: string, id: string): string {
  return `${id}.${mac(purpose, id)}`;
}

/** The id a token signs for `purpose`, or null when it is malformed or not ours. */
export function verifyLinkToken(purpose: string, token: string | null | undefined): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const [, id, given] = match;
  const expected = Buffer.from(mac(purpose, id!));
  const actual = Buffer.from(given!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id! : null;
}

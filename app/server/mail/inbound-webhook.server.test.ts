import { describe, expect, it } from "vitest";
import { isSignedPost, signPost } from "./inbound-webhook.server";

const KEY = "signing-key";
const NOW = 1_780_000_000_000;
const timestamp = String(NOW / 1000);

describe("isSignedPost (Mailgun's webhook signature)", () => {
  it("takes a signature made with the key over timestamp + token, in either case of hex", () => {
    const signature = signPost(KEY, timestamp, "abc");
    expect(isSignedPost({ timestamp, token: "abc", signature }, KEY, NOW)).toBe(true);
    expect(isSignedPost({ timestamp, token: "abc", signature: signature.toUpperCase() }, KEY, NOW)).toBe(true);
  });

  it("refuses another key, another token, a cut or malformed signature, and missing fields", () => {
    const signature = signPost(KEY, timestamp, "abc");
    expect(isSignedPost({ timestamp, token: "abc", signature }, "other-key", NOW)).toBe(false);
    expect(isSignedPost({ timestamp, token: "abd", signature }, KEY, NOW)).toBe(false);
    expect(isSignedPost({ timestamp, token: "abc", signature: signature.slice(0, 62) }, KEY, NOW)).toBe(false);
    expect(isSignedPost({ timestamp, token: "abc", signature: `${signature.slice(0, 63)}g` }, KEY, NOW)).toBe(false);
    expect(isSignedPost({ timestamp, token: "abc", signature: undefined }, KEY, NOW)).toBe(false);
    expect(isSignedPost({ timestamp: undefined, token: "abc", signature }, KEY, NOW)).toBe(false);
  });

  it("refuses a timestamp more than five minutes from now, either way", () => {
    for (const offset of [-301, 301]) {
      const at = String(NOW / 1000 + offset);
      expect(isSignedPost({ timestamp: at, token: "abc", signature: signPost(KEY, at, "abc") }, KEY, NOW)).toBe(false);
    }
    const recent = String(NOW / 1000 - 299);
    expect(isSignedPost({ timestamp: recent, token: "abc", signature: signPost(KEY, recent, "abc") }, KEY, NOW)).toBe(true);
  });
});

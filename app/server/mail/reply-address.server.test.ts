import { describe, expect, it } from "vitest";
import { newReplyToken, replyAddress, replyTokenFrom } from "./reply-address.server";

const DOMAIN = "inbound.acme.test";

describe("reply addresses", () => {
  it("makes 26-character lower-case base32 tokens, a new one each time", () => {
    const tokens = new Set(Array.from({ length: 200 }, newReplyToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{26}$/);
  });

  it("reads back the token of an address it wrote, whatever the case and with a display name", () => {
    const token = newReplyToken();
    expect(replyTokenFrom(replyAddress(token, DOMAIN), DOMAIN)).toBe(token);
    expect(replyTokenFrom(replyAddress(token, DOMAIN).toUpperCase(), DOMAIN)).toBe(token);
    expect(replyTokenFrom(`Acme Jobs <${replyAddress(token, DOMAIN)}>`, DOMAIN)).toBe(token);
  });

  it("refuses other domains, other local parts and malformed tokens", () => {
    const token = newReplyToken();
    expect(replyTokenFrom(`reply+${token}@other.test`, DOMAIN)).toBeNull();
    expect(replyTokenFrom(`reply+${token}@sub.${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyTokenFrom(`jobs+${token}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyTokenFrom(`reply+${token.slice(1)}@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyTokenFrom(`reply+${token}x@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyTokenFrom(`reply+${token.slice(1)}1@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyTokenFrom(`reply+@${DOMAIN}`, DOMAIN)).toBeNull();
    expect(replyTokenFrom("", DOMAIN)).toBeNull();
  });
});

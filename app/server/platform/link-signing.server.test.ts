import { describe, expect, it } from "vitest";
import { setLinkSigningSecret, signLinkToken, verifyLinkToken } from "./link-signing.server";

const ID = "0b6a3c52-6f0f-4a39-9d0e-5f3c1b2a7e41";

describe("signed link tokens", () => {
  it("name their id for their purpose only, and stop working when the secret changes", () => {
    setLinkSigningSecret("first-secret-first-secret-first-secret");
    const token = signLinkToken("job-alert-unsubscribe", ID);
    expect(token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(verifyLinkToken("job-alert-unsubscribe", token)).toBe(ID);
    expect(verifyLinkToken("something-else", token)).toBeNull();
    expect(verifyLinkToken("job-alert-unsubscribe", token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
    expect(verifyLinkToken("job-alert-unsubscribe", `${ID.replace(/^0/, "1")}${token.slice(36)}`)).toBeNull();
    expect(verifyLinkToken("job-alert-unsubscribe", "")).toBeNull();
    expect(verifyLinkToken("job-alert-unsubscribe", null)).toBeNull();
    setLinkSigningSecret("second-secret-second-secret-second");
    expect(verifyLinkToken("job-alert-unsubscribe", token)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./security";

const base = { host: "app.example.com", origin: undefined, secFetchSite: undefined, trustedOrigins: [] as string[] };

describe("isCrossSiteWrite", () => {
  it("never refuses reads", () => {
    expect(isCrossSiteWrite({ ...base, method: "GET", origin: "https://evil.example", secFetchSite: "cross-site" })).toBe(false);
  });

  it("trusts Sec-Fetch-Site first", () => {
    expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "same-origin", origin: "null" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "none" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "same-site", origin: "https://other.example.com" })).toBe(true);
  });

  it("compares Origin with the Host when the browser sends no Sec-Fetch-Site", () => {
    expect(isCrossSiteWrite({ ...base, method: "POST", origin: "https://app.example.com" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, method: "POST", origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "DELETE", origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, method: "POST", origin: "not a url" })).toBe(true);
  });

  it("lets a mail provider's one-click unsubscribe through, and only at that address (decision 111)", () => {
    const oneClick = { ...base, method: "POST", origin: "https://mail.example", secFetchSite: "cross-site" };
    expect(isCrossSiteWrite({ ...oneClick, path: "/job-alerts/unsubscribe/one-click" })).toBe(false);
    expect(isCrossSiteWrite({ ...oneClick, path: "/job-alerts/unsubscribe" })).toBe(true);
    expect(isCrossSiteWrite({ ...oneClick, path: "/job-alerts/confirm" })).toBe(true);
    expect(isCrossSiteWrite({ ...oneClick, path: "/jobs" })).toBe(true);
  });

  it("accepts configured trusted origins and requests with no origin at all", () => {
    expect(
      isCrossSiteWrite({ ...base, method: "POST", origin: "https://admin.example.com", trustedOrigins: ["https://admin.example.com"] }),
    ).toBe(false);
    expect(isCrossSiteWrite({ ...base, method: "POST" })).toBe(false);
  });
});

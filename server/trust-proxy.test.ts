import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./trust-proxy";

describe("parseTrustProxy", () => {
  it("defaults to a proxy on this machine when unset or empty", () => {
    expect(parseTrustProxy(undefined)).toEqual(["loopback"]);
    expect(parseTrustProxy("")).toEqual(["loopback"]);
    expect(parseTrustProxy("   ")).toEqual(["loopback"]);
  });

  it("reads a hop count as a number, not as the address 0.0.0.1", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("0")).toBe(false);
  });

  it("reads true and false in any case", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("TRUE")).toBe(true);
    expect(parseTrustProxy("false")).toBe(false);
  });

  it("reads named ranges, addresses and CIDR lists", () => {
    expect(parseTrustProxy("Loopback")).toEqual(["loopback"]);
    expect(parseTrustProxy("uniquelocal")).toEqual(["uniquelocal"]);
    expect(parseTrustProxy("10.0.0.1")).toEqual(["10.0.0.1"]);
    expect(parseTrustProxy("loopback, 10.0.0.0/8 ,fd00::/8,2001:db8::1")).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "2001:db8::1"]);
  });

  it.each(["yes", "1.5", "-1", "1000", "10.0.0.0/33", "::1/129", "10.0.0.0/8/1", "10.0.0", "loopback,,10.0.0.1", "proxy.example.com", "1, 2"])(
    "refuses %s, naming the variable and the accepted forms",
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/^TRUST_PROXY=.*hop count.*CIDR/);
    },
  );

  it("gives Express settings that mean what the operator meant", () => {
    const clientIp = (setting: ReturnType<typeof parseTrustProxy>, remote: string, forwarded: string) => {
      const app = express();
      app.set("trust proxy", setting);
      const req = Object.create(app.request, {
        app: { value: app },
        headers: { value: { "x-forwarded-for": forwarded } },
        socket: { value: { remoteAddress: remote } },
        connection: { value: { remoteAddress: remote } },
      });
      return (req as { ip: string }).ip;
    };
    // One hop: the address the nearest proxy saw, whatever that proxy's address.
    expect(clientIp(parseTrustProxy("1"), "10.1.2.3", "203.0.113.9, 198.51.100.7")).toBe("198.51.100.7");
    expect(clientIp(parseTrustProxy("2"), "10.1.2.3", "203.0.113.9, 198.51.100.7")).toBe("203.0.113.9");
    expect(clientIp(parseTrustProxy("10.0.0.0/8"), "10.1.2.3", "203.0.113.9")).toBe("203.0.113.9");
    expect(clientIp(parseTrustProxy(""), "10.1.2.3", "203.0.113.9")).toBe("10.1.2.3");
    expect(clientIp(parseTrustProxy("false"), "127.0.0.1", "203.0.113.9")).toBe("127.0.0.1");
  });
});

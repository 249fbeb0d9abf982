import { hashPassword as legacyScryptHash } from "@better-auth/utils/password";
import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./password-hash.server";

describe("password hashes", () => {
  it("hashes with argon2id at OWASP's parameters and verifies only the right password", async () => {
    const hash = await hashPassword("a fresh and long passphrase");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword({ hash, password: "a fresh and long passphrase" })).toBe(true);
    expect(await verifyPassword({ hash, password: "a fresh and long passphrasE" })).toBe(false);
  });

  it("still verifies better-auth's former scrypt hashes, and marks them for rehashing", async () => {
    const legacy = await legacyScryptHash("an old scrypt password");
    expect(legacy).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(needsRehash(legacy)).toBe(true);
    expect(await verifyPassword({ hash: legacy, password: "an old scrypt password" })).toBe(true);
    expect(await verifyPassword({ hash: legacy, password: "an old scrypt passworD" })).toBe(false);
  });

  it("never matches a malformed hash", async () => {
    for (const hash of ["", "nonsense", "abc:", "abc:zz", "$argon2id$broken"]) {
      expect(await verifyPassword({ hash, password: "anything at all" })).toBe(false);
    }
  });

  it("asks to rehash argon2 hashes made with weaker parameters", () => {
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA")).toBe(true);
    expect(needsRehash("$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA")).toBe(true);
  });
});

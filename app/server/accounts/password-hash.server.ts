import { scrypt, timingSafeEqual } from "node:crypto";
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

/**
 * Password hashes: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), in the PHC
 * string format (`$argon2id$v=19$m=19456,t=2,p=1$…`). Accounts created before the switch keep
 * better-auth's scrypt hash (`<salt hex>:<key hex>`, N=16384, r=16, p=1) until their next password
 * sign-in, which rehashes it (`needsRehash`).
 */
export const ARGON2_OPTIONS = {
  // Algorithm is a const enum in the package's types; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize("NFKC"), ARGON2_OPTIONS);
}

/** Whether `password` matches `hash`, in constant time; an unknown or malformed hash never matches. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (hash.startsWith("$argon2")) {
    try {
      return await argon2Verify(hash, password.normalize("NFKC"));
    } catch {
      return false;
    }
  }
  return verifyLegacyScrypt(hash, password);
}

/** True for hashes made with anything but the current argon2id parameters. */
export function needsRehash(hash: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  return !hash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

// better-auth's former default (@better-auth/utils/password): the salt is the hex string itself.
const SCRYPT = { N: 16_384, r: 16, p: 1, keyLength: 64 };

function verifyLegacyScrypt(hash: string, password: string): Promise<boolean> {
  const [salt, keyHex] = hash.split(":");
  if (!salt || !keyHex || !/^[0-9a-f]+$/i.test(keyHex) || keyHex.length !== SCRYPT.keyLength * 2) return Promise.resolve(false);
  const expected = Buffer.from(keyHex, "hex");
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      SCRYPT.keyLength,
      { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 128 * SCRYPT.N * SCRYPT.r * 2 },
      (error, key) => (error ? reject(error) : resolve(timingSafeEqual(key, expected))),
    );
  });
}

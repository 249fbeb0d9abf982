import { createHash, randomBytes } from "node:crypto";

/*
 * The links that stand for a person without a session (a team invitation, a calendar feed, a
 * self-scheduling link) carry a secret token: 32 random bytes, base64url (43 characters). Only its
 * SHA-256 is stored, so the database does not reveal the links; a link is found by the hash of the
 * token it brings.
 */

export const newSecretToken = (): string => randomBytes(32).toString("base64url");

export const hashSecretToken = (token: string): string => createHash("sha256").update(token).digest("hex");

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string can be a token at all (checked before any lookup). */
export const isSecretToken = (value: string | undefined | null): value is string => typeof value === "string" && TOKEN_PATTERN.test(value);

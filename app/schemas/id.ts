import { z } from "./zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True for a well-formed UUID, the form of every row id; anything else can never name a row and
 * must never reach the database, which answers a malformed uuid with an error.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A form field that names a row by its id: a UUID, or this message. */
export const idField = (message: string) => z.string({ error: message }).refine(isUuid, message);

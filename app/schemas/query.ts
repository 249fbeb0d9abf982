import { isUuid } from "./id";
import { z } from "./zod";

// Query strings are input like forms: each page reads its query with one schema at the edge of
// its loader. A query is typed by hand and shared as a link, so junk never fails the page: a
// value that does not fit falls back to its default (page=abc is page 1, status=bogus is every
// status), field by field (decision 053).

/** One value of the query (the first when the key repeats), or `fallback` when missing or invalid. */
export function queryValue<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return z.preprocess((values: unknown) => (Array.isArray(values) ? values[0] : values), schema).catch(fallback);
}

/** Every value of a repeated key that fits `schema`; the others are dropped. */
export function queryValues<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((values: unknown) => (Array.isArray(values) ? values.filter((value) => schema.safeParse(value).success) : []), z.array(schema))
    .catch([]);
}

/** A row id in the query: a UUID, or nothing. */
export const queryId = () => queryValue(z.string().refine(isUuid).optional(), undefined);

/** A calendar date of a date input (YYYY-MM-DD), or nothing. */
export const queryDate = () => queryValue(z.iso.date().optional(), undefined);

/** A page number from 1 up to `max`; anything else is page 1. */
export const queryPage = (max = Number.MAX_SAFE_INTEGER) =>
  queryValue(z.string().regex(/^\d{1,15}$/).transform(Number).pipe(z.number().int().min(1).max(max)), 1);

/** A search box's text, trimmed; "" when missing. */
export const querySearch = () => queryValue(z.string().trim(), "");

/**
 * The query of `url` read with `schema`, whose fields are built with `queryValue` or `queryValues`:
 * it never throws on what a visitor typed. Only the schema's own keys are read.
 */
export function parseQuery<S extends z.ZodObject>(schema: S, url: string | URL): z.output<S> {
  const params = new URL(url).searchParams;
  const input = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, params.getAll(key)]));
  return schema.parse(input);
}

/**
 * A place in a list sorted newest first by (created_at, id), for keyset pages (decision 060):
 * `at` is created_at in whole microseconds since 1970 (exact, unlike a JavaScript date), `id` the row's id.
 */
export interface PageCursor {
  at: string;
  id: string;
}

const CURSOR = /^(\d{1,17})_([0-9a-fA-F-]{36})$/;

/** A time cursor's text ("<microseconds>_<uuid>") read into a PageCursor; anything else fails. */
export const timeCursorSchema = z
  .string()
  .regex(CURSOR)
  .refine((value) => isUuid(value.slice(value.indexOf("_") + 1)))
  .transform((value): PageCursor => ({ at: value.slice(0, value.indexOf("_")), id: value.slice(value.indexOf("_") + 1) }));

/** A cursor in the query ("<microseconds>_<uuid>"), or nothing. */
export const queryCursor = () => queryValue(timeCursorSchema.optional(), undefined);

/** A cursor as the query writes it. */
export const cursorParam = (cursor: PageCursor) => `${cursor.at}_${cursor.id}`;

/**
 * A place in a list sorted by text (the candidates by name, decision 084): "<text>~<uuid>", the row's
 * sort text as the database compares it (its name in lower case) and its id. The text is any text:
 * it is a bound value, never SQL; the id is the last 36 characters after the last "~".
 */
export const textCursorSchema = z
  .string()
  .max(1_100)
  .refine((value) => value.length >= 37 && value[value.length - 37] === "~" && isUuid(value.slice(-36)))
  .transform((value): PageCursor => ({ at: value.slice(0, -37), id: value.slice(-36) }));

/** A text cursor as the query writes it. */
export const textCursorParam = (cursor: PageCursor) => `${cursor.at}~${cursor.id}`;

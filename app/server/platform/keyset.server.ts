/**
 * Keyset pages (decision 060): a list sorted newest first by (created_at, id) reads the page after
 * or before a row's cursor as one index range, however deep the page, instead of skipping rows
 * with OFFSET. The list's index must end in (created_at DESC, id DESC). A list sorted by a text key
 * (the candidates by name, decision 084) pages the same way with `textAscending`.
 */
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import type { PageCursor } from "~/schemas/query";

export interface KeysetPosition {
  /** The page after this row (older rows). */
  after?: PageCursor;
  /** The page before this row (newer rows); wins over `after`. */
  before?: PageCursor;
}

export interface KeysetPage<T> {
  rows: T[];
  /** The cursor of the next (older) page, or null on the last page. */
  next: PageCursor | null;
  /** The cursor of the previous (newer) page, or null on the first page. */
  previous: PageCursor | null;
}

/** The cursor column to select beside the row: created_at in microseconds, exactly. */
export const cursorAt = (createdAt: AnyColumn | SQL) => sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

const instant = (cursor: PageCursor) => sql`(timestamptz 'epoch' + ${cursor.at}::bigint * interval '1 microsecond')`;

/**
 * A list's order for keyset pages: a key and the row's id as tie-breaker, both in one direction, and
 * the cursor's key as SQL of the key's type. The list's index must end in (key, id) in that order.
 */
export interface KeysetOrder {
  key: AnyColumn | SQL;
  id: AnyColumn | SQL;
  /** "desc": newest first (a timestamp); "asc": A to Z (a text key). */
  direction: "asc" | "desc";
  value: (cursor: PageCursor) => SQL;
}

/** A list sorted by a timestamp, newest first: the cursor's key is microseconds since 1970. */
export const newestFirst = (createdAt: AnyColumn | SQL, id: AnyColumn | SQL): KeysetOrder => ({ key: createdAt, id, direction: "desc", value: instant });

/**
 * A list sorted by a text key (such as `lower(name)`), A to Z in the database's collation: the
 * cursor's key is that text, bound as a value. Select the key itself as the row's `cursorAt`.
 */
export const textAscending = (key: SQL, id: AnyColumn | SQL): KeysetOrder => ({ key, id, direction: "asc", value: (cursor) => sql`${cursor.at}` });

/** Where the page starts, its order and how many rows to read (one more than a page, to see if more follow). */
export function keysetQuery(createdAt: AnyColumn, id: AnyColumn, position: KeysetPosition, pageSize: number) {
  return keysetQueryBy(newestFirst(createdAt, id), position, pageSize);
}

/** keysetQuery for any order: the page after a cursor follows it in the list's order, the page before precedes it. */
export function keysetQueryBy(order: KeysetOrder, position: KeysetPosition, pageSize: number) {
  const { after, before } = position;
  const { key, id } = order;
  // Reading forwards follows the list's order; reading the page before goes backwards from the cursor.
  const forwards = !before;
  const ascending = (order.direction === "asc") === forwards;
  const cursor = before ?? after;
  const where: SQL | undefined = cursor
    ? ascending
      ? sql`(${key}, ${id}) > (${order.value(cursor)}, ${cursor.id}::uuid)`
      : sql`(${key}, ${id}) < (${order.value(cursor)}, ${cursor.id}::uuid)`
    : undefined;
  const orderBy = ascending ? [asc(key), asc(id)] : [desc(key), desc(id)];
  return { where, orderBy, limit: pageSize + 1 };
}

/** The page from the rows `keysetQuery` read, in the list's order, with the cursors either side. */
export function keysetPage<T extends { id: string; cursorAt: string }>(rows: T[], position: KeysetPosition, pageSize: number): KeysetPage<T> {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (position.before) page.reverse();
  const cursorOf = (row: T | undefined) => (row ? { at: row.cursorAt, id: row.id } : null);
  if (position.before) return { rows: page, next: cursorOf(page.at(-1)), previous: more ? cursorOf(page[0]) : null };
  return { rows: page, next: more ? cursorOf(page.at(-1)) : null, previous: position.after ? cursorOf(page[0]) : null };
}

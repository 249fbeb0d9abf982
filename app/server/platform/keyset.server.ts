/**
 * Keyset pages (decision 060): a list sorted newest first by (created_at, id) reads the page after
 * or before a row's cursor as one index range, however deep the page, instead of skipping rows
 * with OFFSET. The list's index must end in (created_at DESC, id DESC).
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
export const cursorAt = (createdAt: AnyColumn) => sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

const instant = (cursor: PageCursor) => sql`(timestamptz 'epoch' + ${cursor.at}::bigint * interval '1 microsecond')`;

/** Where the page starts, its order and how many rows to read (one more than a page, to see if more follow). */
export function keysetQuery(createdAt: AnyColumn, id: AnyColumn, position: KeysetPosition, pageSize: number) {
  const { after, before } = position;
  const where: SQL | undefined = before
    ? sql`(${createdAt}, ${id}) > (${instant(before)}, ${before.id}::uuid)`
    : after
      ? sql`(${createdAt}, ${id}) < (${instant(after)}, ${after.id}::uuid)`
      : undefined;
  const orderBy = before ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
  return { where, orderBy, limit: pageSize + 1 };
}

/** The page from the rows `keysetQuery` read, newest first, with the cursors either side. */
export function keysetPage<T extends { id: string; cursorAt: string }>(rows: T[], position: KeysetPosition, pageSize: number): KeysetPage<T> {
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  if (position.before) page.reverse();
  const cursorOf = (row: T | undefined) => (row ? { at: row.cursorAt, id: row.id } : null);
  if (position.before) return { rows: page, next: cursorOf(page.at(-1)), previous: more ? cursorOf(page[0]) : null };
  return { rows: page, next: more ? cursorOf(page.at(-1)) : null, previous: position.after ? cursorOf(page[0]) : null };
}

import { JOB_TYPES, REMOTE_TYPES } from "./job";
import { queryPage, queryValue } from "./query";
import { z } from "./zod";

/** The deepest page of the public board a link may ask for; deeper is page 1. */
export const JOB_BOARD_MAX_PAGE = 10_000;

/** A filter's text: trimmed, at most 100 characters, "" when missing. */
const filterText = () => queryValue(z.string().trim().max(100), "");

/**
 * The filters of the board and of a careers page (decision 108), all in the URL: employment type,
 * remote type, a location (part of it, any case), a department (whole, any case) and, on the
 * board, a company by its careers page address.
 */
export const BoardFiltersSchema = z.object({
  type: queryValue(z.enum(JOB_TYPES).optional(), undefined),
  remote: queryValue(z.enum(REMOTE_TYPES).optional(), undefined),
  location: filterText(),
  department: filterText(),
});
export type BoardFilters = z.output<typeof BoardFiltersSchema> & { company?: string };

/** The query of the public job board: /jobs?q=&page=&type=&remote=&location=&department=&company=, and applied=1 after applying. */
export const BoardQuerySchema = BoardFiltersSchema.extend({
  q: queryValue(z.string(), ""),
  page: queryPage(JOB_BOARD_MAX_PAGE),
  company: queryValue(z.string().regex(/^[a-z0-9-]{1,40}$/).optional(), undefined),
  applied: queryValue(z.literal("1").optional(), undefined),
});

/** Whether any filter narrows the list. */
export function hasFilters(filters: BoardFilters): boolean {
  return Boolean(filters.type || filters.remote || filters.location || filters.department || filters.company);
}

/** The filters as query parameters, in a fixed order, leaving out the empty ones. */
export function filterParams(filters: Partial<Record<"type" | "remote" | "location" | "department" | "company", string | null>>): [string, string][] {
  const params: [string, string][] = [];
  for (const key of ["type", "remote", "location", "department", "company"] as const) {
    const value = filters[key];
    if (value) params.push([key, value]);
  }
  return params;
}

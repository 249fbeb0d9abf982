import { queryPage, queryValue } from "./query";
import { z } from "./zod";

/** The deepest page of the public board a link may ask for; deeper is page 1. */
export const JOB_BOARD_MAX_PAGE = 10_000;

/** The query of the public job board: /jobs?q=&page=, and applied=1 after applying. */
export const BoardQuerySchema = z.object({
  q: queryValue(z.string(), ""),
  page: queryPage(JOB_BOARD_MAX_PAGE),
  applied: queryValue(z.literal("1").optional(), undefined),
});

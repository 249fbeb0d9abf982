import { apiError } from "./boards.server";

/**
 * The public API's answers (decision 110): JSON that any site's script may read (open CORS; no
 * cookie is read). Its GET routes are kept by the board's page cache (`jobBoardPageCache`, the
 * routes' middleware): fresh for 5 s, dropped whenever a job or a careers page changes, with an
 * ETag, and answered by the HTTP server's fast path when fresh.
 */
const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag, Retry-After, X-Cache" };
const JSON_TYPE = "application/json; charset=utf-8";

/** A JSON answer; a GET route's 200 is then kept by the page cache, which sets its caching headers. */
export function apiJson(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...CORS, "Content-Type": JSON_TYPE, "Cache-Control": "no-store", ...headers } });
}

/** The API's one error shape, answered. */
export function apiJsonError(status: number, code: string, message: string, fields?: Partial<Record<string, string>>, headers: Record<string, string> = {}): Response {
  return apiJson(status, apiError(code, message, fields), headers);
}

import type { z } from "~/schemas/zod";
import { isUuid } from "~/schemas/id";
import type { StaffApiEndpoint } from "~/schemas/staff-api";
import { type Database, appDatabase, queryRows } from "../platform/db.server";
import { answerDomainError } from "../platform/errors.server";
import { effectiveLimit, RATE_LIMITS, rateLimitUpsert, sweepRateLimitsSometimes } from "../platform/rate-limit.server";
import { apiJson, apiJsonError } from "../public-api/answer.server";
import { type ApiCaller, authenticateApiKey } from "./keys.server";

/*
 * How every staff API route answers (issue 16, decision 112), in one place: the id in the path,
 * the key (401), the key's rate limit (429), its scope (403), the query and the body read with the
 * endpoint's own schemas (400 with a message per field), and the service's domain errors mapped by
 * the one error table (decision 053) into the API's one error shape (decision 110). Only the
 * `Authorization: Bearer` header is read: no cookie, so a browser's session never acts here.
 */

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface StaffApiCall<E extends StaffApiEndpoint> {
  db: Database;
  caller: ApiCaller;
  /** The path's id, a well-formed UUID (empty for a path without one). */
  id: string;
  query: Output<E["query"]>;
  body: Output<E["body"]>;
}

/** What a handler answers: the endpoint's answer shape, and the status when it is not the endpoint's usual one. */
export interface StaffApiAnswer<E extends StaffApiEndpoint> {
  status?: number;
  body: z.input<E["response"]["schema"]>;
}

const NOT_FOUND_OF: Record<string, string> = { job: "Job not found", candidate: "Candidate not found", application: "Application not found" };

/** The services' field names as the API writes them. */
const FIELD_NAMES: Record<string, string> = { stageId: "stage_id", stage: "stage_id", job: "job_id" };

const REFUSALS = {
  missing: "Send an API key in the Authorization header: “Authorization: Bearer oh_live_…”. Admins make keys in Settings › API keys.",
  unknown: "This API key is not valid: it was revoked, or never existed.",
  "creator-not-admin": "This API key no longer works: the admin who made it is no longer an admin of the company. Make a new key.",
} as const;

/**
 * The key of an `Authorization: Bearer <key>` header, or of `Basic` with the key as the user name
 * (as Greenhouse's Harvest API takes its keys, so its clients work as they are); null without the
 * header, "" for one of another kind.
 */
export function bearerKey(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (header === null) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1]!;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!basic) return "";
  const credentials = Buffer.from(basic[1]!, "base64").toString("utf8");
  return credentials.slice(0, credentials.includes(":") ? credentials.indexOf(":") : undefined);
}

/** A query read with the endpoint's schema: the first value of each of its own keys. */
function queryOf(request: Request, schema: z.ZodObject) {
  const params = new URL(request.url).searchParams;
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  return schema.safeParse(input);
}

/** Field → first message, from a zod failure. */
function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length > 0 ? issue.path.join(".") : "body"] ??= issue.message;
  return fields;
}

/** The endpoint's body: JSON only, read with its schema. */
async function bodyOf(request: Request, schema: z.ZodObject): Promise<{ ok: true; data: unknown } | { ok: false; answer: Response }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    return { ok: false, answer: apiJsonError(415, "unsupported_media_type", "Send the request body as JSON, with “Content-Type: application/json”.") };
  }
  let value: unknown;
  try {
    value = JSON.parse(await request.text());
  } catch {
    return { ok: false, answer: apiJsonError(400, "invalid", "The request body is not valid JSON.") };
  }
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) return { ok: false, answer: apiJsonError(400, "invalid", "Some fields need attention.", fieldsOf(parsed.error)) };
  return { ok: true, data: parsed.data };
}

/** A service's refusal in the API's error shape; anything else is logged and answered 500. */
function errorAnswer(error: unknown, headers: Record<string, string>): Response {
  const answer = answerDomainError(error, { answerNotFound: true, unexpected: { log: "Staff API request failed:", message: "Something went wrong on our side." } });
  if (answer.code === "UNEXPECTED") return apiJsonError(500, "internal_error", answer.message, undefined, headers);
  const field = answer.field === "form" ? null : (FIELD_NAMES[answer.field] ?? answer.field);
  const fields = field ? { [field]: answer.message } : undefined;
  // A row named in the body that is not the company's is a refused field (400), not a missing page.
  if (answer.code === "NOT_FOUND" && field) return apiJsonError(400, "invalid", answer.message, fields, headers);
  return apiJsonError(answer.status, answer.code.toLowerCase(), answer.message, fields, { ...headers, ...answer.init.headers });
}

/**
 * Answers one staff API request to `endpoint` with `handle`: the route's loader or action calls
 * this and nothing else.
 */
export async function staffApi<E extends StaffApiEndpoint>(
  request: Request,
  endpoint: E,
  pathId: string | undefined,
  handle: (call: StaffApiCall<E>) => Promise<StaffApiAnswer<E>>,
): Promise<Response> {
  // A malformed id is not found (the route-ids rule), whoever asks.
  if (endpoint.pathId && !isUuid(pathId)) return apiJsonError(404, "not_found", NOT_FOUND_OF[endpoint.pathId] ?? "Not found");
  const db = appDatabase();
  const caller = await authenticateApiKey(db, bearerKey(request));
  if ("refused" in caller) return apiJsonError(401, "unauthorized", REFUSALS[caller.refused], undefined, { "WWW-Authenticate": 'Bearer realm="OpenHire API"' });

  const rule = RATE_LIMITS.staffApi;
  const [counted] = await queryRows<{ count: number; retry_after: number }>(db, rateLimitUpsert(rule, caller.keyId));
  sweepRateLimitsSometimes(db);
  const limit = effectiveLimit(rule);
  const used = Number(counted?.count ?? 0);
  const reset = Math.max(1, Number(counted?.retry_after ?? rule.windowSeconds));
  const headers = { "RateLimit-Limit": String(limit), "RateLimit-Remaining": String(Math.max(0, limit - used)), "RateLimit-Reset": String(reset) };
  if (used > limit) {
    return apiJsonError(429, "rate_limited", `This API key made more than ${limit} requests in a minute. Try again in ${reset} seconds.`, undefined, {
      ...headers,
      "Retry-After": String(reset),
    });
  }
  if (endpoint.scope === "write" && caller.scope !== "write") {
    return apiJsonError(403, "forbidden", "This API key may only read. An admin can make a key with the write scope in Settings › API keys.", undefined, headers);
  }

  let query: unknown;
  if (endpoint.query) {
    const parsed = queryOf(request, endpoint.query);
    if (!parsed.success) return apiJsonError(400, "invalid", "Some parameters need attention.", fieldsOf(parsed.error), headers);
    query = parsed.data;
  }
  let body: unknown;
  if (endpoint.body) {
    const read = await bodyOf(request, endpoint.body);
    if (!read.ok) {
      for (const [name, value] of Object.entries(headers)) read.answer.headers.set(name, value);
      return read.answer;
    }
    body = read.data;
  }
  try {
    const answer = await handle({ db, caller, id: pathId ?? "", query: query as Output<E["query"]>, body: body as Output<E["body"]> });
    return apiJson(answer.status ?? endpoint.response.status, answer.body, headers);
  } catch (error) {
    return errorAnswer(error, headers);
  }
}

/** A route's other method: 405 with the methods it takes (a malformed id is still not found). */
export function methodNotAllowed(allow: "GET" | "POST" | "GET, POST", pathId?: string, what?: string): Response {
  if (pathId !== undefined && !isUuid(pathId)) return apiJsonError(404, "not_found", (what && NOT_FOUND_OF[what]) ?? "Not found");
  return apiJsonError(405, "method_not_allowed", `This address takes ${allow}.`, undefined, { Allow: allow });
}

import { API_KEY_PREFIX } from "~/schemas/api-keys";
import { ApiError, STAFF_API_ANSWERS, STAFF_API_BODIES, STAFF_API_ENDPOINTS, type StaffApiEndpoint } from "~/schemas/staff-api";
import { z } from "~/schemas/zod";
import { RATE_LIMITS } from "../platform/rate-limit.server";

/*
 * The staff API's OpenAPI 3.1 document (decision 112), served at /api/v1/openapi.json and read by
 * the reference on /documentation#staff-api. Generated from the endpoints' zod schemas
 * (app/schemas/staff-api.ts) with `z.toJSONSchema`: the same schemas the routes validate with and
 * answer in. OpenAPI 3.1's schemas are JSON Schema 2020-12.
 */

type JsonSchema = Record<string, unknown>;

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

/** The registry's schemas as components, without each one's own $schema and $id. */
function components(registry: typeof STAFF_API_ANSWERS, io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { io, target: "draft-2020-12", uri: COMPONENT, unrepresentable: "any" }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [id, schema]));
}

/** A schema's place among the components: its registered id. */
function reference(registry: typeof STAFF_API_ANSWERS, schema: z.ZodType): JsonSchema {
  const id = registry.get(schema)?.id;
  if (!id) throw new Error("A staff API schema is not registered as a component");
  return { $ref: COMPONENT(id) };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "A parameter or a field was refused: `error.fields` says which and why.",
  401: "No API key, or one that was revoked, never existed, or whose maker is no longer an admin.",
  403: "The key has the read scope and this endpoint writes.",
  404: "No such row in the key's company (or a malformed id).",
  409: "It conflicts with what is there (the candidate already applied to that job).",
  415: "The body is not JSON.",
  429: "The key made too many requests: wait `Retry-After` seconds.",
};

const RATE_HEADERS = {
  "RateLimit-Limit": { description: "Requests a key may make in a window.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in this window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window ends.", schema: { type: "integer" } },
};

function operation(endpoint: StaffApiEndpoint) {
  const parameters: JsonSchema[] = [];
  if (endpoint.pathId) {
    parameters.push({ name: "id", in: "path", required: true, description: `The ${endpoint.pathId}'s id.`, schema: { type: "string", format: "uuid" } });
  }
  for (const [name, schema] of Object.entries(endpoint.query?.shape ?? {})) {
    const { $schema: _, description, ...json } = z.toJSONSchema(schema as z.ZodType, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
    parameters.push({ name, in: "query", required: false, ...(description ? { description } : {}), schema: json });
  }
  const errors = [...new Set([401, ...endpoint.errors, 429])].sort((a, b) => a - b);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    description: `${endpoint.description}\n\nScope: \`${endpoint.scope}\`.`,
    "x-scope": endpoint.scope,
    security: [{ apiKey: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { "application/json": { schema: reference(STAFF_API_BODIES, endpoint.body) } } } } : {}),
    responses: {
      [endpoint.response.status]: {
        description: endpoint.response.status === 201 ? "Made." : "OK.",
        headers: RATE_HEADERS,
        content: { "application/json": { schema: reference(STAFF_API_ANSWERS, endpoint.response.schema) } },
      },
      ...Object.fromEntries(
        errors.map((status) => [
          status,
          {
            description: ERROR_DESCRIPTIONS[status],
            ...(status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } }, ...RATE_HEADERS } } : {}),
            content: { "application/json": { schema: reference(STAFF_API_ANSWERS, ApiError) } },
          },
        ]),
      ),
    },
  };
}

/** The OpenAPI 3.1 document of the staff API, for a server at `baseUrl`. */
export function staffApiDocument(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values(STAFF_API_ENDPOINTS) as StaffApiEndpoint[]) {
    (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  }
  const limit = RATE_LIMITS.staffApi;
  return {
    openapi: "3.1.0",
    info: {
      title: "OpenHire staff API",
      version: "1.0.0",
      description: [
        "Your company's jobs, candidates, applications, stages and notes.",
        `Authenticate with an API key (\`Authorization: Bearer ${API_KEY_PREFIX}…\`) that an admin makes in Settings › API keys. A \`read\` key reads; a \`write\` key also adds candidates, moves applications and writes notes, acting as the admin who made it.`,
        "Lists answer `{ \"data\": […], \"next_cursor\": … }`: pass `cursor=<next_cursor>` for the next page until it is null.",
        `Each key may make ${limit.limit} requests a minute. Every error answers \`{ "error": { "code", "message", "fields"? } }\`.`,
      ].join("\n\n"),
    },
    servers: [{ url: baseUrl.replace(/\/$/, "") }],
    security: [{ apiKey: [] }],
    tags: [
      { name: "Jobs", description: "Jobs and their pipelines' stages." },
      { name: "Candidates", description: "The people in your candidate database." },
      { name: "Applications", description: "A candidate's application to a job, and moving it through the job's stages." },
      { name: "Notes", description: "Notes on applications." },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: `An API key, \`${API_KEY_PREFIX}…\`, from Settings › API keys. Basic authentication with the key as the user name and no password is taken too.`,
        },
      },
      schemas: { ...components(STAFF_API_ANSWERS, "output"), ...components(STAFF_API_BODIES, "input") },
    },
  };
}

export type StaffApiDocument = ReturnType<typeof staffApiDocument>;

/** One field of a parameter list or a request body, as the reference shows it. */
export interface ReferenceField {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
}

/** One operation of the document, as the reference on /documentation shows it. */
export interface ReferenceOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: string;
  parameters: ReferenceField[];
  body: ReferenceField[];
  answer: { status: string; schema: string };
}

/** A JSON schema's type in a few words: `string (uuid)`, `integer`, `one of a, b`. */
function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${(schema.enum as unknown[]).join(", ")}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeOf).join(" or ");
  const type = typeof schema.type === "string" ? schema.type : "any";
  return typeof schema.format === "string" ? `${type} (${schema.format})` : type;
}

/** The reference's operations, read from the OpenAPI document itself, in its order. */
export function staffApiReference(document: StaffApiDocument): ReferenceOperation[] {
  const schemas = document.components.schemas as Record<string, JsonSchema>;
  const named = (ref: unknown) => String(ref).split("/").pop()!;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, ReturnType<typeof operation>>).map(([method, op]) => {
      const bodyRef = op.requestBody?.content["application/json"].schema.$ref;
      const body = bodyRef ? schemas[named(bodyRef)]! : null;
      const required = new Set((body?.required as string[] | undefined) ?? []);
      const [status, answer] = Object.entries(op.responses).find(([code]) => code.startsWith("2"))!;
      return {
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description.split("\n\n")[0]!,
        scope: op["x-scope"],
        parameters: ((op as { parameters?: JsonSchema[] }).parameters ?? []).map((parameter) => ({
          name: `${String(parameter.name)}${parameter.in === "path" ? " (path)" : ""}`,
          type: typeOf(parameter.schema as JsonSchema),
          required: Boolean(parameter.required),
          description: typeof parameter.description === "string" ? parameter.description : null,
        })),
        body: Object.entries((body?.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, schema]) => ({
          name,
          type: typeOf(schema),
          required: required.has(name),
          description: typeof schema.description === "string" ? schema.description : null,
        })),
        answer: { status, schema: named((answer as { content: { "application/json": { schema: { $ref: string } } } }).content["application/json"].schema.$ref) },
      };
    }),
  );
}

import { config } from "~/server/platform/config.server";
import { apiJson } from "~/server/public-api/answer.server";
import { staffApiDocument } from "~/server/staff-api/openapi.server";

/** GET /api/v1/openapi.json (decision 112): the staff API's OpenAPI 3.1 document; public, like any API reference. */
export function loader() {
  return apiJson(200, staffApiDocument(config.baseUrl), { "Cache-Control": "public, max-age=300" });
}

import type { Route } from "./+types/settings-webhook";
import { withQuery } from "~/components/ui/kept-query";
import { endpointPath, WebhookEndpointSection } from "~/features/settings/webhooks-section";
import { idParam } from "~/lib/id-param";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { isUuid } from "~/schemas/id";
import { parseForm } from "~/schemas/parse-form";
import { cursorParam, timeCursorSchema } from "~/schemas/query";
import { WebhookEndpointSchema } from "~/schemas/webhooks";
import { requireStaff } from "~/server/accounts/session.server";
import { withClientIp } from "~/server/audit/audit.server";
import { appDatabase } from "~/server/platform/db.server";
import { DomainError } from "~/server/platform/errors.server";
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTest,
  setWebhookEndpointEnabled,
  updateWebhookEndpoint,
} from "~/server/webhooks/endpoints.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import { webhookFormValues } from "./settings-webhooks";

export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Webhook endpoint", "An endpoint's events, signing secret and delivery log.");

const NOT_FOUND = "Webhook endpoint not found";
const ECHO_LIMITS = maxLengthsOf(WebhookEndpointSchema);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const id = idParam(params.endpointId, NOT_FOUND);
  const db = appDatabase();
  const endpoint = await getWebhookEndpoint(db, staff, id).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "NOT_FOUND") throw new Response(NOT_FOUND, { status: 404 });
    throw error;
  });
  const search = new URL(request.url).searchParams;
  // A cursor that does not read is the first page.
  const after = timeCursorSchema.safeParse(search.get("after") ?? "").data;
  const before = timeCursorSchema.safeParse(search.get("before") ?? "").data;
  const page = await listWebhookDeliveries(db, staff, id, { after, before });
  const href = (key: "after" | "before", cursor: typeof page.next) =>
    cursor ? `${endpointPath(id)}${withQuery(new URLSearchParams(), key, cursorParam(cursor))}` : null;
  return {
    endpoint: { ...endpoint, createdAt: endpoint.createdAt.toISOString(), lastDelivery: null },
    deliveries: page.rows.map((row) => ({
      id: row.id,
      eventType: row.eventType,
      status: row.status,
      attempts: row.attempts,
      responseStatus: row.responseStatus,
      responseBody: row.responseBody,
      durationMs: row.durationMs,
      payload: JSON.stringify(row.payload, null, 2),
      createdAt: row.createdAt.toISOString(),
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    })),
    previousHref: href("before", page.previous),
    nextHref: href("after", page.next),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const id = idParam(params.endpointId, NOT_FOUND);
  const db = appDatabase();
  const { values, input } = webhookFormValues(await request.formData());
  try {
    switch (values.intent) {
      case "save": {
        const parsed = parseForm(WebhookEndpointSchema, input);
        if (!parsed.success) return settingsInvalid("webhook", parsed.errors, echoFormValues(values, ECHO_LIMITS));
        await updateWebhookEndpoint(db, withClientIp(staff, context), id, parsed.data);
        return settingsSaved(endpointPath(id), "webhook-saved");
      }
      case "enable":
      case "disable":
        await setWebhookEndpointEnabled(db, staff, id, values.intent === "enable");
        return settingsSaved(endpointPath(id), values.intent === "enable" ? "webhook-enabled" : "webhook-disabled");
      case "roll-secret":
        await rollWebhookSecret(db, withClientIp(staff, context), id);
        return settingsSaved(endpointPath(id), "webhook-secret-rolled");
      case "test":
        await sendWebhookTest(db, staff, id);
        return settingsSaved(endpointPath(id), "webhook-test-queued");
      case "resend": {
        const deliveryId = values.deliveryId;
        if (!isUuid(deliveryId)) throw new DomainError("NOT_FOUND", "Delivery not found");
        await resendWebhookDelivery(db, staff, id, deliveryId);
        return settingsSaved(endpointPath(id), "webhook-resent");
      }
      case "delete":
        await deleteWebhookEndpoint(db, withClientIp(staff, context), id);
        return settingsSaved(SETTINGS_PATHS.webhooks, "webhook-deleted");
      default:
        unknownSettingsIntent();
    }
  } catch (error) {
    return settingsRefused("webhook", error, { values, limits: ECHO_LIMITS });
  }
}

export default function SettingsWebhook({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WebhookEndpointSection
      endpoint={loaderData.endpoint}
      deliveries={loaderData.deliveries}
      previousHref={loaderData.previousHref}
      nextHref={loaderData.nextHref}
      answer={actionData}
    />
  );
}

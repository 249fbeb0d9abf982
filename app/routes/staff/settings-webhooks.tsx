import type { Route } from "./+types/settings-webhooks";
import { endpointPath, WebhooksSection } from "~/features/settings/webhooks-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { formValues, parseForm } from "~/schemas/parse-form";
import { WebhookEndpointSchema } from "~/schemas/webhooks";
import { requireStaff } from "~/server/accounts/session.server";
import { withClientIp } from "~/server/audit/audit.server";
import { appDatabase } from "~/server/platform/db.server";
import { createWebhookEndpoint, listWebhookEndpoints, MAX_WEBHOOK_ENDPOINTS } from "~/server/webhooks/endpoints.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096): endpoints see the company's data, so admins. */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Webhooks", "Send your company's hiring events to your own systems.");

const ECHO_LIMITS = maxLengthsOf(WebhookEndpointSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const endpoints = await listWebhookEndpoints(appDatabase(), staff);
  return {
    endpoints: endpoints.map((endpoint) => ({ ...endpoint, createdAt: endpoint.createdAt.toISOString() })),
    canAdd: endpoints.length < MAX_WEBHOOK_ENDPOINTS,
  };
}

/** The form's values, the events (repeated checkboxes) joined so a failed form can show them again. */
export function webhookFormValues(formData: FormData): { values: Record<string, string>; input: Record<string, unknown> } {
  const values = formValues(formData);
  const events = formData.getAll("events").filter((value): value is string => typeof value === "string");
  return { values: { ...values, events: events.join(",") }, input: { ...values, events } };
}

/** Adds an endpoint, then opens its page (its secret, a test event). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const { values, input } = webhookFormValues(await request.formData());
  if (values.intent !== "add") unknownSettingsIntent();
  const parsed = parseForm(WebhookEndpointSchema, input);
  if (!parsed.success) return settingsInvalid("webhook", parsed.errors, echoFormValues(values, ECHO_LIMITS));
  let id: string;
  try {
    id = await createWebhookEndpoint(appDatabase(), withClientIp(staff, context), parsed.data);
  } catch (error) {
    return settingsRefused("webhook", error, { values, limits: ECHO_LIMITS });
  }
  return settingsSaved(endpointPath(id), "webhook-added");
}

export default function SettingsWebhooks({ loaderData, actionData }: Route.ComponentProps) {
  return <WebhooksSection endpoints={loaderData.endpoints} canAdd={loaderData.canAdd} answer={actionData} />;
}

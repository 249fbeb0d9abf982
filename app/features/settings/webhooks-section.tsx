import { Form, Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { Pagination } from "~/components/ui/pagination";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENTS, WEBHOOK_LOG_DAYS, WEBHOOK_URL_MAX, type WebhookDeliveryStatus } from "~/schemas/webhooks";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";
import { BackLink } from "~/components/ui/back-link";

export interface EndpointSummary {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  lastDelivery: { status: WebhookDeliveryStatus; responseStatus: number | null; at: string } | null;
}

export interface EndpointDetail extends EndpointSummary {
  secret: string;
  createdAt: string;
  createdByName: string | null;
}

export interface DeliveryItem {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  payload: string;
  createdAt: string;
  lastAttemptAt: string | null;
}

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = { pending: "yellow", delivered: "green", failed: "red" };
const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

export const endpointPath = (id: string) => `${SETTINGS_PATHS.webhooks}/${id}`;

/** The endpoint form's fields: the address, a description and the events, each with what it means. */
function EndpointFields({ defaults, errors }: { defaults: { url: string; description: string; events: readonly string[] }; errors: Record<string, string | undefined> }) {
  return (
    <div className="space-y-4">
      <Field
        label="Endpoint URL"
        name="url"
        type="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://example.com/openhire/webhooks"
        defaultValue={defaults.url}
        maxLength={WEBHOOK_URL_MAX}
        error={errors.url}
        hint="A public https:// address; events are POSTed there as JSON"
        required
      />
      <Field
        label="Description (optional)"
        name="description"
        defaultValue={defaults.description}
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        error={errors.description}
        hint="What it feeds, e.g. “HRIS sync”"
      />
      <fieldset aria-describedby={errors.events ? "events-error" : undefined}>
        <legend className="text-sm font-medium text-slate-900">Events</legend>
        {errors.events ? (
          <p id="events-error" className="mt-1 text-sm text-red-700">
            {errors.events}
          </p>
        ) : null}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 rounded-lg border border-slate-200 p-2.5 text-sm hover:bg-slate-50">
              <input type="checkbox" name="events" value={event} defaultChecked={defaults.events.includes(event)} className="mt-0.5 size-4 rounded border-slate-300 text-brand-600" />
              <span>
                <span className="block font-mono text-xs font-semibold text-slate-900">{event}</span>
                <span className="block text-slate-600">{WEBHOOK_EVENT_DESCRIPTIONS[event]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** The values a failed form answered with, read back into the form's defaults. */
function submitted(answer: SettingsAnswer | undefined, fallback: { url: string; description: string; events: readonly string[] }) {
  const values = valuesFor(answer, "webhook");
  if (!values) return fallback;
  return { url: values.url ?? "", description: values.description ?? "", events: values.events ? values.events.split(",") : [] };
}

function LastDelivery({ delivery }: { delivery: EndpointSummary["lastDelivery"] }) {
  if (!delivery) return <span className="text-slate-500">No deliveries yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONES[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
      {delivery.responseStatus ? <span className="font-mono text-xs">HTTP {delivery.responseStatus}</span> : null}
      <LocalDate value={delivery.at} withTime />
    </span>
  );
}

/** Settings › Webhooks: the company's endpoints and a form to add one. */
export function WebhooksSection({ endpoints, answer, canAdd }: { endpoints: readonly EndpointSummary[]; answer?: SettingsAnswer; canAdd: boolean }) {
  const errors = errorsFor(answer, "webhook") ?? {};
  const busy = useSubmitting("add");
  return (
    <SettingsSection
      id="webhooks"
      title="Webhooks"
      description="Send events (applications, stage changes, hires, interviews…) to your own systems as they happen, signed so you can check they came from us."
    >
      <div className="space-y-6">
        {endpoints.length === 0 ? (
          <EmptyState title="No endpoints yet">
            <p className="mt-2 text-sm text-slate-600">Add the address of a system that should hear about your hiring, and choose its events.</p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 space-y-1">
                  <Link to={endpointPath(endpoint.id)} className="block break-all font-mono text-sm font-semibold text-brand-700 hover:text-brand-800">
                    {endpoint.url}
                  </Link>
                  {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
                  <p className="text-xs text-slate-600">
                    {endpoint.events.length === WEBHOOK_EVENTS.length ? "Every event" : endpoint.events.join(", ")}
                  </p>
                  <p className="text-sm text-slate-600">
                    Last delivery: <LastDelivery delivery={endpoint.lastDelivery} />
                  </p>
                </div>
                <div className="shrink-0">
                  {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
                </div>
              </li>
            ))}
          </ul>
        )}
        <SettingsSubsection title="Add an endpoint">
          {canAdd ? (
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="intent" value="add" />
              {errors.form ? <Alert>{errors.form}</Alert> : null}
              <EndpointFields defaults={submitted(answer, { url: "", description: "", events: ["application.created", "application.stage_changed", "candidate.hired"] })} errors={errors} />
              <Button type="submit" disabled={busy}>
                {busy ? "Adding…" : "Add endpoint"}
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-slate-600">Your company has as many endpoints as it can have. Delete one you no longer use to add another.</p>
          )}
        </SettingsSubsection>
        <p className="text-sm text-slate-600">
          How deliveries are signed, retried and verified:{" "}
          <Link to="/documentation#webhooks" className="font-semibold text-brand-700 hover:text-brand-800">
            webhooks in the documentation
          </Link>
          .
        </p>
      </div>
    </SettingsSection>
  );
}

/** One endpoint: its settings, signing secret, state, a test event and the delivery log with Resend. */
export function WebhookEndpointSection({
  endpoint,
  deliveries,
  previousHref,
  nextHref,
  answer,
}: {
  endpoint: EndpointDetail;
  deliveries: readonly DeliveryItem[];
  previousHref: string | null;
  nextHref: string | null;
  answer?: SettingsAnswer;
}) {
  const errors = errorsFor(answer, "webhook") ?? {};
  const saving = useSubmitting("save");
  return (
    <SettingsSection id="webhook-endpoint" title="Webhook endpoint" description={endpoint.url}>
      <div className="space-y-6">
        <BackLink to={SETTINGS_PATHS.webhooks}>
          All endpoints
        </BackLink>
        {endpoint.enabled ? null : (
          <Alert>
            This endpoint is disabled{endpoint.disabledReason ? `: ${endpoint.disabledReason}` : "."} Events that happen meanwhile are not sent to it; after enabling it, resend the ones it missed from the log.
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
          <Form method="post">
            <input type="hidden" name="intent" value="test" />
            <Button type="submit" variant="secondary">
              Send test event
            </Button>
          </Form>
          {endpoint.enabled ? (
            <ConfirmAction
              id="disable"
              label="Disable"
              variant="secondary"
              title="Disable this endpoint?"
              description="No events are sent to it until you enable it again. Events that happen meanwhile are kept in the log, to resend."
              confirmLabel="Disable endpoint"
              anchor="webhook-endpoint"
            >
              <input type="hidden" name="intent" value="disable" />
            </ConfirmAction>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="enable" />
              <Button type="submit">Enable</Button>
            </Form>
          )}
          <ConfirmAction
            id="delete"
            label="Delete"
            title="Delete this endpoint?"
            description={`Events stop going to ${endpoint.url}, and its delivery log is deleted. This cannot be undone.`}
            confirmLabel="Delete endpoint"
            anchor="webhook-endpoint"
          >
            <input type="hidden" name="intent" value="delete" />
          </ConfirmAction>
        </div>

        <SettingsSubsection title="Signing secret">
          <p className="text-sm text-slate-600">
            Every delivery carries <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{" "}
            <code className="font-mono text-xs">webhook-signature</code> headers, as the Standard Webhooks specification says. Verify them with this secret.
          </p>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Show the signing secret</summary>
            <label htmlFor="signing-secret" className="sr-only">
              Signing secret
            </label>
            <input id="signing-secret" readOnly value={endpoint.secret} className="field-control mt-2 w-full font-mono text-xs" />
          </details>
          <div className="mt-3">
            <ConfirmAction
              id="roll-secret"
              label="Make a new secret"
              variant="secondary"
              title="Make a new signing secret?"
              description="Deliveries are signed with the new secret at once; your receiver must have it before the next event, or it will refuse them."
              confirmLabel="Make new secret"
              anchor="webhook-endpoint"
            >
              <input type="hidden" name="intent" value="roll-secret" />
            </ConfirmAction>
          </div>
        </SettingsSubsection>

        <SettingsSubsection title="Settings">
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="save" />
            {errors.form ? <Alert>{errors.form}</Alert> : null}
            <EndpointFields defaults={submitted(answer, endpoint)} errors={errors} />
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save endpoint"}
            </Button>
          </Form>
        </SettingsSubsection>

        <SettingsSubsection title="Delivery log">
          <p className="mb-2 text-sm text-slate-600">Deliveries are kept for {WEBHOOK_LOG_DAYS} days; one still being retried stays until it is done.</p>
          {deliveries.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing sent yet. Events appear here as they are sent; a test event shows how your receiver answers.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {deliveries.map((delivery) => (
                <li key={delivery.id} className="space-y-2 p-3 text-sm">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-mono text-xs font-semibold text-slate-900">{delivery.eventType}</span>
                    <Badge tone={STATUS_TONES[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
                    <span className="font-mono text-xs text-slate-700">{delivery.responseStatus ? `HTTP ${delivery.responseStatus}` : delivery.attempts > 0 ? "No answer" : "Not sent yet"}</span>
                    <span className="text-xs text-slate-600">
                      {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
                      {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ""}
                    </span>
                    <span className="text-xs text-slate-600">
                      <LocalDate value={delivery.createdAt} withTime />
                    </span>
                    <Form method="post" className="ml-auto">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="deliveryId" value={delivery.id} />
                      <Button type="submit" variant="secondary" aria-label={`Resend ${delivery.eventType} of ${delivery.createdAt}`}>
                        Resend
                      </Button>
                    </Form>
                  </div>
                  <details>
                    <summary className="cursor-pointer text-xs font-semibold text-slate-700">Payload and answer</summary>
                    <p className="mt-2 text-xs text-slate-600">
                      <span className="font-mono">webhook-id: {delivery.id}</span>
                    </p>
                    <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">{delivery.payload}</pre>
                    {delivery.responseBody ? (
                      <>
                        <p className="mt-2 text-xs font-semibold text-slate-700">What the endpoint answered</p>
                        <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">{delivery.responseBody}</pre>
                      </>
                    ) : null}
                  </details>
                </li>
              ))}
            </ul>
          )}
          <Pagination previousHref={previousHref} nextHref={nextHref} />
        </SettingsSubsection>
      </div>
    </SettingsSection>
  );
}

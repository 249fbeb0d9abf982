import type { Route } from "./+types/api-status";
import { Icon } from "~/components/marketing/icon";
import { marketingMeta } from "~/components/marketing/seo";
import { Badge } from "~/components/ui/badge";
import { formatLatency, SERVICES, STATUS_REFRESH_SECONDS, statusLabel, statusTone, updatedAgo } from "~/content/services";
import { appDatabase } from "~/server/platform/db.server";
import { currentSystemStatus } from "~/server/site/system-status.server";

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "API Status",
    description: `Live status of OpenHire's services: API, database, authentication, search and email delivery, with latency measured at most every ${STATUS_REFRESH_SECONDS} seconds.`,
  });

export function headers(): HeadersInit {
  return { "Cache-Control": "no-store" };
}

export async function loader() {
  const status = await currentSystemStatus(appDatabase());
  return { ...status, updated: updatedAgo(new Date(status.checkedAt), new Date()) };
}

const HEADER_TONE = {
  operational: "bg-green-50 ring-green-200 text-green-900",
  degraded: "bg-yellow-50 ring-yellow-200 text-yellow-900",
  outage: "bg-red-50 ring-red-200 text-red-900",
} as const;

const DOT_TONE = { operational: "bg-green-500", degraded: "bg-yellow-500", outage: "bg-red-500" } as const;

export default function ApiStatus({ loaderData }: Route.ComponentProps) {
  const { status, headline, checkedAt, updated, services } = loaderData;
  const checkedTime = `${checkedAt.slice(0, 10)} ${checkedAt.slice(11, 19)} UTC`;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">System status</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">OpenHire API Status</h1>
        <div className={`mt-8 flex flex-col gap-2 rounded-2xl px-6 py-5 ring-1 sm:flex-row sm:items-center sm:justify-between ${HEADER_TONE[status]}`}>
          <p className="flex items-center gap-3 text-lg font-semibold">
            <span className={`size-3 rounded-full ${DOT_TONE[status]}`} aria-hidden="true" />
            <span data-testid="status-headline">{headline}</span>
          </p>
          <p className="text-sm">
            {updated} · <time dateTime={checkedAt}>{checkedTime}</time>
          </p>
        </div>

        <div className="mt-8 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Status of each service, measured at {checkedTime}</caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wider text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 sm:px-6">Service</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="hidden px-4 py-3 text-right sm:table-cell">Latency</th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell sm:px-6">Last incident</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {services.map((service) => (
                <tr key={service.key}>
                  <th scope="row" className="px-4 py-4 font-normal sm:px-6">
                    <span className="block font-semibold text-slate-950">{service.name}</span>
                    <span className="hidden text-xs text-slate-600 sm:block">{service.note ?? SERVICES[service.key].description}</span>
                    <span className="mt-1 block text-xs text-slate-600 sm:hidden">Last incident: {service.lastIncident}</span>
                  </th>
                  <td className="px-4 py-4">
                    <Badge tone={statusTone(service.status)}>{statusLabel(service.status)}</Badge>
                    <span className="mt-1 block text-xs tabular-nums text-slate-600 sm:hidden">Latency: {formatLatency(service.latencyMs)}</span>
                  </td>
                  <td className="hidden px-4 py-4 text-right tabular-nums text-slate-700 sm:table-cell">{formatLatency(service.latencyMs)}</td>
                  <td className="hidden px-4 py-4 text-slate-600 sm:table-cell sm:px-6">{service.lastIncident}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-6 flex items-start gap-2 text-sm text-slate-600">
          <Icon name="clock" className="mt-0.5 size-4 flex-none" />
          <span>
            The server that answers measures every service live, at most every {STATUS_REFRESH_SECONDS} seconds. Load balancers can poll{" "}
          <a href="/api/health" className="font-medium text-brand-700 hover:text-brand-800">/api/health</a>{" "}
          for a JSON answer.
          </span>
        </p>
      </div>
    </div>
  );
}

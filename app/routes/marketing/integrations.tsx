import { Link } from "react-router";
import type { Route } from "./+types/integrations";
import { IconBadge, PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { INTEGRATIONS } from "~/content/integrations";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Integrations",
    description: "What OpenHire connects to today: any SMTP server, PostgreSQL, authenticator apps, Google for Jobs, booking calendars, load balancers and proxies.",
  });

/** Copy travels as loader data, so the content module stays out of the browser bundle (decision 011). */
export function loader() {
  return { integrations: INTEGRATIONS };
}

export default function Integrations({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Integrations"
        title="Works with the tools you already run"
        lead="OpenHire connects to standard infrastructure instead of proprietary add-ons. Here is everything it connects to today, and where each connection is set up."
      />
      <Section>
        <ul className="grid gap-6 md:grid-cols-2">
          {loaderData.integrations.map((integration) => (
            <li key={integration.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-4">
                <IconBadge name={integration.icon} />
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{integration.category}</p>
                  <h2 className="text-lg font-semibold text-slate-950">{integration.name}</h2>
                </div>
              </div>
              <p className="mt-4 flex-1 text-sm leading-6 text-slate-600">{integration.description}</p>
              <div className="mt-5 border-t border-slate-100 pt-4 text-sm leading-6 text-slate-700">
                <p>
                  <span className="font-semibold text-slate-900">Set up: </span>
                  {integration.setup.text}
                </p>
                {integration.setup.settings ? (
                  <p className="mt-2 flex flex-wrap gap-2">
                    {integration.setup.settings.map((setting) => (
                      <code key={setting} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                        {setting}
                      </code>
                    ))}
                  </p>
                ) : null}
                {integration.link ? (
                  <Link to={integration.link.to} className="mt-3 inline-block font-semibold text-brand-700 hover:text-brand-800">
                    {integration.link.label}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-12 max-w-2xl text-center text-sm leading-6 text-slate-600">
          The settings named under each integration are environment variables of the OpenHire server, read when it starts.
        </p>
      </Section>
    </>
  );
}

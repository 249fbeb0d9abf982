import { Link } from "react-router";
import type { Route } from "./+types/careers";
import { Icon } from "~/components/marketing/icon";
import { PositionFacts } from "~/components/marketing/position-facts";
import { FeatureGrid, PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { CAREERS_EMAIL, PERKS, POSITIONS, positionPath } from "~/content/company";
import { jobTypeLabel } from "~/lib/job-labels";

export const headers = staticPageHeaders;

/** The list shows only what it needs; the full positions stay on the server (decision 011). */
export function loader() {
  return {
    positions: POSITIONS.map((position) => ({
      id: position.id,
      title: position.title,
      department: position.department,
      location: position.location,
      type: jobTypeLabel(position.type),
      summary: position.summary,
      path: positionPath(position),
    })),
  };
}

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Careers",
    description: "Join OpenHire and help make great hiring free for everyone. See our perks and open positions in engineering, product and customer success.",
  });

export default function Careers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Careers"
        title="Help us make great hiring free for everyone"
        lead="We are a small, remote-friendly team building the hiring tool we always wanted to use. Come build it with us."
      />
      <Section title="Why work with us" lead="We look after the people who look after our customers.">
        <FeatureGrid items={PERKS} columns={4} />
      </Section>
      <Section tone="muted" title="Open positions" lead="All roles are full-time. We publish salary ranges in every interview process.">
        <ul className="mx-auto max-w-4xl divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {loaderData.positions.map((position) => (
            <li key={position.id} className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h3 className="text-lg font-semibold text-slate-950">{position.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{position.summary}</p>
                <PositionFacts position={position} withDepartment className="mt-1" />
              </div>
              <Link
                to={position.path}
                className="inline-flex items-center justify-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                Apply now<span className="sr-only"> for {position.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mx-auto mt-10 max-w-4xl rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h3 className="text-lg font-semibold text-slate-950">Don&apos;t see the right role?</h3>
          <p className="mt-2 text-sm text-slate-600">We are always happy to hear from great people. Send us your resume and tell us what you would like to work on.</p>
          <a
            href={`mailto:${CAREERS_EMAIL}`}
            className="mt-5 inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <Icon name="mail" className="size-4" /> Contact Us
          </a>
        </div>
      </Section>
    </>
  );
}

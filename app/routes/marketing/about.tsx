import { Link } from "react-router";
import type { Route } from "./+types/about";
import { FeatureGrid, PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { ABOUT, TEAM, VALUES } from "~/content/company";
import { FIGURES } from "~/content/site";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "About",
    description: "OpenHire's mission is a world-class applicant-tracking system for every organisation, free forever. Meet the team and the values behind it.",
  });

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("");
}

export default function About() {
  return (
    <>
      <PageHeader eyebrow="About us" title={ABOUT.title} lead={ABOUT.lead} />
      <Section>
        <div className="grid gap-12 lg:grid-cols-[1.3fr_1fr] lg:items-center">
          <div>
            <h2 className="text-3xl font-bold tracking-tight text-slate-950">Our mission</h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">{ABOUT.mission}</p>
            <Link to="/careers" className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800">
              Join our team <span aria-hidden="true">→</span>
            </Link>
          </div>
          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
            {FIGURES.map((figure) => (
              <div key={figure.value} className="flex flex-col-reverse rounded-2xl bg-brand-50 px-6 py-5 ring-1 ring-brand-100">
                <dt className="text-sm text-slate-600">{figure.label}</dt>
                <dd className="text-3xl font-bold tracking-tight text-brand-700">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section tone="muted" title="Our values" lead="Four principles guide what we build and how we work together.">
        <FeatureGrid items={VALUES} columns={4} />
      </Section>
      <Section title="Meet the team" lead="A small team of recruiters and engineers who have been on both sides of the hiring table.">
        <ul className="grid gap-6 sm:grid-cols-3">
          {TEAM.map((member) => (
            <li key={member.name} className="rounded-2xl border border-slate-200 p-6 text-center shadow-sm">
              <span aria-hidden="true" className="mx-auto flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-2xl font-bold text-white">
                {initials(member.name)}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-950">{member.name}</h3>
              <p className="text-sm font-medium text-brand-700">{member.role}</p>
              <p className="mt-3 text-sm leading-6 text-slate-600">{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

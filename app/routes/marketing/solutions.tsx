import type { Route } from "./+types/solutions";
import { CheckList, CtaBand, IconBadge, PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { SOLUTIONS } from "~/content/features";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Solutions",
    description: "OpenHire for Enterprise, Small Business, Education and Global Teams: hiring that fits the way your organisation works.",
  });

export default function Solutions() {
  return (
    <>
      <PageHeader
        eyebrow="Solutions"
        title="Hiring that fits your organisation"
        lead="Whether you hire five people a year or five hundred a month, OpenHire adapts to your team, your process and your budget."
      />
      <Section>
        <div className="grid gap-6 md:grid-cols-2">
          {SOLUTIONS.map((solution) => (
            <section key={solution.id} id={solution.id} aria-labelledby={`${solution.id}-title`} className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
              <IconBadge name={solution.icon} />
              <h2 id={`${solution.id}-title`} className="mt-4 text-2xl font-bold tracking-tight text-slate-950">
                {solution.title}
              </h2>
              <p className="mt-2 text-base leading-7 text-slate-600">{solution.description}</p>
              <CheckList items={solution.features} className="mt-6" />
            </section>
          ))}
        </div>
      </Section>
      <CtaBand title="Not sure which fits?" text="Tell us how you hire and we will show you the setup that works for teams like yours." />
    </>
  );
}

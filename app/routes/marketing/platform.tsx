import type { Route } from "./+types/platform";
import { BookingLink } from "~/components/marketing/booking-link";
import { CheckList, CtaBand, IconBadge, PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { ButtonLink } from "~/components/ui/button";
import { PLATFORM_MODULES } from "~/content/features";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Platform",
    description: "Jobs, custom application forms, drag-and-drop hiring pipelines, team collaboration and AI assistance in one free applicant-tracking system.",
  });

export default function Platform() {
  return (
    <>
      <PageHeader
        eyebrow="Platform"
        title="One platform for your entire hiring process"
        lead="OpenHire brings job posting, applications, pipelines, collaboration and AI assistance together, so your team spends its time on candidates instead of admin."
      >
        <BookingLink size="lg">Schedule a Demo</BookingLink>
        <ButtonLink to="/register" variant="secondary" className="px-5 py-3 text-base">
          Start for free
        </ButtonLink>
      </PageHeader>
      <Section>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {PLATFORM_MODULES.map((module) => (
            <li key={module.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconBadge name={module.icon} />
              <h2 className="mt-4 text-lg font-semibold text-slate-950">{module.title}</h2>
              <p className="mt-2 text-sm leading-6 text-slate-600">{module.description}</p>
              <CheckList items={module.points} className="mt-5 border-t border-slate-100 pt-5" />
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand title="See the platform in action" text="A 20-minute walkthrough with our team, tailored to the roles you are hiring for." />
    </>
  );
}

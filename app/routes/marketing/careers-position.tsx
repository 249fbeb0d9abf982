import { data, Link } from "react-router";
import type { Route } from "./+types/careers-position";
import { Icon } from "~/components/marketing/icon";
import { PositionFacts } from "~/components/marketing/position-facts";
import { CheckList, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { CAREERS_EMAIL, findPosition, positionApplyHref } from "~/content/company";
import { jobTypeLabel } from "~/lib/job-labels";

export const headers = staticPageHeaders;

export function loader({ params }: Route.LoaderArgs) {
  const position = findPosition(params.id);
  if (!position) return data({ position: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return {
    position: {
      title: position.title,
      department: position.department,
      location: position.location,
      type: jobTypeLabel(position.type),
      summary: position.summary,
      description: position.description,
      responsibilities: position.responsibilities,
      requirements: position.requirements,
      applyHref: positionApplyHref(position),
    },
  };
}

export const meta: Route.MetaFunction = (args) => {
  const position = args.loaderData?.position;
  if (!position) return marketingMeta(args, { title: "Position not found", description: "The position you're looking for is not open.", noIndex: true });
  return marketingMeta(args, { title: `${position.title} (${position.location})`, description: `${position.summary} A ${position.type.toLowerCase()} role in ${position.department} at OpenHire.` });
};

function BackToCareers() {
  return (
    <Link to="/careers" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-800">
      <Icon name="arrowLeft" className="size-4" /> All open positions
    </Link>
  );
}

export default function CareersPosition({ loaderData }: Route.ComponentProps) {
  const { position } = loaderData;
  if (!position) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">Position not found</h1>
        <p className="mt-4 text-slate-600">The position you&apos;re looking for is not open. See the roles we are hiring for now.</p>
        <div className="mt-8">
          <BackToCareers />
        </div>
      </section>
    );
  }
  const apply = (
    <a
      href={position.applyHref}
      className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700"
    >
      <Icon name="mail" className="size-5" /> Apply by email<span className="sr-only"> for {position.title}</span>
    </a>
  );
  return (
    <>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <BackToCareers />
          <p className="mt-8 text-sm font-semibold uppercase tracking-wider text-brand-700">{position.department}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-950 sm:text-5xl">{position.title}</h1>
          <PositionFacts position={position} className="mt-4" />
          <p className="mt-6 text-lg leading-8 text-pretty text-slate-700">{position.summary}</p>
          <div className="mt-8">{apply}</div>
        </div>
      </section>
      <Section>
        <div className="mx-auto max-w-3xl space-y-12">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-950">About the role</h2>
            <div className="mt-4 space-y-4 leading-7 text-slate-700">
              {position.description.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-950">What you will do</h2>
            <CheckList items={position.responsibilities} className="mt-4" />
          </div>
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-slate-950">What we are looking for</h2>
            <CheckList items={position.requirements} className="mt-4" />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
            <h2 className="text-xl font-semibold text-slate-950">How to apply</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              Email your resume or a link to your profile to <span className="font-semibold text-slate-800">{CAREERS_EMAIL}</span> with the
              role in the subject, and tell us in a few lines what you would like to work on.
            </p>
            <div className="mt-5">{apply}</div>
          </div>
        </div>
      </Section>
    </>
  );
}

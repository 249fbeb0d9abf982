import { Link } from "react-router";
import type { Route } from "./+types/home";
import { BookingLink } from "~/components/marketing/booking-link";
import { Icon } from "~/components/marketing/icon";
import { PipelinePreview } from "~/components/marketing/pipeline-preview";
import { CheckList, CtaBand, FeatureGrid, FigureBand, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { buttonStyles } from "~/components/ui/button";
import { BETTER_WAY, HIRING_SOLUTIONS, TRUSTED_BY } from "~/content/features";
import { SITE_NAME } from "~/content/site";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: SITE_NAME,
    description:
      "OpenHire is the free forever applicant-tracking system with AI: post jobs, build hiring pipelines, schedule interviews and hire with your team.",
  });

/** The copy travels as loader data, not in the page's JavaScript (decision 011). */
export function loader() {
  return { solutions: HIRING_SOLUTIONS, betterWay: BETTER_WAY, trustedBy: TRUSTED_BY };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { solutions, betterWay, trustedBy } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        <div aria-hidden="true" className="absolute -right-40 -top-40 size-[32rem] rounded-full bg-brand-100/60 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:pb-24 lg:pt-20">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-100">
              <Icon name="sparkles" className="size-4" /> AI-powered hiring, no per-seat fees
            </p>
            <h1 className="mt-6 text-5xl font-extrabold tracking-tight text-slate-950 sm:text-6xl">
              Free forever <span className="whitespace-nowrap text-brand-600">ATS + AI</span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600 lg:mx-0">
              Source, interview and hire the right people with one open applicant-tracking system. Unlimited jobs, unlimited
              users, smart candidate matching, and nothing to pay until you want more reach.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <BookingLink size="lg">Schedule a Demo</BookingLink>
              <Link to="/platform" className={`${buttonStyles.secondary} px-5 py-3 text-base`}>
                Learn more<span className="sr-only"> about the OpenHire platform</span>
              </Link>
            </div>
            <p className="mt-5 text-sm text-slate-500">No credit card. Set up in five minutes.</p>
          </div>
          <PipelinePreview />
        </div>
        <div className="relative mx-auto max-w-6xl px-4 pb-16 sm:px-6">
          <FigureBand />
        </div>
      </section>

      <Section
        id="solutions"
        eyebrow="Everything in one place"
        title="Complete hiring solutions"
        lead="From the first applicant to the signed offer, every step of hiring lives in one system your whole team can use."
        tone="muted"
      >
        <FeatureGrid items={solutions} />
      </Section>

      <Section>
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Why teams switch</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">{betterWay.title}</h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">{betterWay.lead}</p>
            <CheckList items={betterWay.points} className="mt-8" />
            <Link to="/pricing" className="mt-8 inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800">
              Compare plans <Icon name="arrowRight" className="size-4" />
            </Link>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {[
              { label: "Before", tone: "bg-white", items: ["CVs scattered across inboxes", "Feedback lost in chat threads", "Nobody knows who is next", "Per-seat fees for every interviewer"] },
              { label: "With OpenHire", tone: "bg-brand-50 ring-brand-200", items: ["Every applicant in one pipeline", "Structured feedback on every profile", "Clear next step for each candidate", "Free for the whole team"] },
            ].map((column) => (
              <div key={column.label} className={`rounded-2xl p-6 ring-1 ring-slate-200 ${column.tone}`}>
                <h3 className="text-base font-semibold text-slate-950">{column.label}</h3>
                <ul className="mt-4 space-y-3 text-sm text-slate-700">
                  {column.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Icon name={column.label === "Before" ? "x" : "check"} className={`mt-0.5 size-4 flex-none ${column.label === "Before" ? "text-slate-400" : "text-brand-600"}`} />
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </Section>

      <Section tone="muted" eyebrow="Customers" title="Trusted by leading companies" lead="Startups, schools, logistics firms and healthcare providers run their hiring on OpenHire.">
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {trustedBy.companies.map((company) => (
            <li key={company} className="flex h-16 items-center justify-center rounded-xl bg-white px-3 text-center text-base font-bold tracking-tight text-slate-500 ring-1 ring-slate-200">
              {company}
            </li>
          ))}
        </ul>
        <div className="mt-10 grid gap-6 lg:grid-cols-2">
          {trustedBy.testimonials.map((testimonial) => (
            <figure key={testimonial.name} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <blockquote className="text-lg leading-8 text-slate-800">“{testimonial.quote}”</blockquote>
              <figcaption className="mt-6 text-sm">
                <span className="font-semibold text-slate-950">{testimonial.name}</span>
                <span className="text-slate-600"> · {testimonial.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <div className="h-20 bg-white" />
      <CtaBand title="Ready to hire your next great teammate?" text="Join 1,000+ companies hiring with OpenHire. See it live in a 20-minute demo, or start for free today." />
    </>
  );
}

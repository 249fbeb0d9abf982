import type { Route } from "./+types/pricing";
import { Link } from "react-router";
import { Icon } from "~/components/marketing/icon";
import { PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { useBookingUrl } from "~/components/marketing/site-links";
import { buttonStyles } from "~/components/ui/button";
import { FEATURE_LINKS, type Plan, planButtonLabel, planPriceLabel, PLANS, PRICING_FAQ } from "~/content/plans";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Pricing",
    description: "Free forever for unlimited jobs. Starter at $99 and Professional at $299 per month add job promotions and advanced features; Enterprise is custom.",
  });

function PlanCard({ plan, bookingUrl }: { plan: Plan; bookingUrl: string }) {
  const id = `plan-${plan.name.toLowerCase()}`;
  return (
    <section
      aria-labelledby={id}
      className={`relative flex flex-col rounded-2xl bg-white p-6 ${plan.featured ? "shadow-xl ring-2 ring-brand-600" : "shadow-sm ring-1 ring-slate-200"}`}
    >
      {plan.featured ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most popular</p>
      ) : null}
      <h2 id={id} className="text-lg font-semibold text-slate-950">
        {plan.name}
      </h2>
      <p className="mt-2 min-h-12 text-sm leading-6 text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-950">{planPriceLabel(plan)}</span>
        {plan.price !== null ? <span className="text-sm text-slate-600">/month</span> : null}
      </p>
      <a
        href={bookingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={`mt-6 w-full ${plan.featured ? buttonStyles.primary : buttonStyles.secondary}`}
      >
        {planButtonLabel(plan)}
        <span className="sr-only"> with the {plan.name} plan (opens in a new tab)</span>
      </a>
      <ul className="mt-8 space-y-3 border-t border-slate-100 pt-6">
        {plan.features.map((feature) => {
          const excluded = feature.startsWith("No ");
          return (
            <li key={feature} className={`flex gap-3 text-sm leading-6 ${excluded ? "text-slate-500" : "text-slate-700"}`}>
              <Icon name={excluded ? "x" : "check"} className={`mt-0.5 size-5 flex-none ${excluded ? "text-slate-400" : "text-brand-600"}`} />
              {FEATURE_LINKS[feature] ? (
                <Link to={FEATURE_LINKS[feature]} className="font-medium text-brand-700 underline hover:text-brand-800">
                  {feature}
                </Link>
              ) : (
                feature
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function loader() {
  return { plans: PLANS, faq: PRICING_FAQ };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, faq } = loaderData;
  const bookingUrl = useBookingUrl();
  return (
    <>
      <PageHeader
        eyebrow="Pricing"
        title="Simple pricing. Free forever at its core."
        lead="Every plan includes unlimited active jobs and users. Upgrade only when you want more reach for your jobs or advanced features."
      />
      <Section>
        <div className="grid gap-8 pt-3 md:grid-cols-2 xl:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} bookingUrl={bookingUrl} />
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-600">Prices in US dollars per month. Taxes may apply.</p>
      </Section>
      <Section tone="muted" title="Frequently asked questions">
        <dl className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl bg-white px-6 ring-1 ring-slate-200">
          {faq.map((item) => (
            <div key={item.question} className="py-6">
              <dt className="text-base font-semibold text-slate-950">{item.question}</dt>
              <dd className="mt-2 text-sm leading-6 text-slate-600">
                {item.answer}
                {item.links?.map((link) => (
                  <Link key={link.href} to={link.href} className="ml-1 font-semibold text-brand-700 hover:text-brand-800">
                    {link.label}
                  </Link>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
    </>
  );
}

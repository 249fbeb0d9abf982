import { Link, useActionData } from "react-router";
import type { Route } from "./+types/resources";
import { BookingLink } from "~/components/marketing/booking-link";
import { Icon } from "~/components/marketing/icon";
import { NewsletterForm } from "~/components/marketing/newsletter-form";
import { LinkCard, PageHeader, Section } from "~/components/marketing/sections";
import { formPageHeaders, marketingMeta } from "~/components/marketing/seo";
import { RESOURCE_GUIDES, type ResourceItem, TEMPLATES, WEBINARS } from "~/content/learning";
import { newsletterAction } from "./newsletter-action.server";

export const headers = formPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Resources",
    description: "Hiring guides, ready-to-use templates and webinars to help your team hire faster and fairer, plus our monthly newsletter.",
  });

export function action(args: Route.ActionArgs) {
  return newsletterAction(args, "/resources");
}

function ResourceGrid({ items }: { items: readonly ResourceItem[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.title}>
          <LinkCard title={item.title} description={item.description} meta={item.meta}>
            <Link to={item.to} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
              {item.cta}
              <span className="sr-only"> ({item.title})</span>
              <Icon name="arrowRight" className="size-4" />
            </Link>
          </LinkCard>
        </li>
      ))}
    </ul>
  );
}

export default function Resources() {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        eyebrow="Resources"
        title="Everything you need to hire well"
        lead="Guides written by recruiters, templates you can use today, and live sessions with our team."
      />
      <Section id="guides" title="Guides" lead="In-depth playbooks for every stage of hiring.">
        <ResourceGrid items={RESOURCE_GUIDES} />
      </Section>
      <Section id="templates" tone="muted" title="Templates" lead="Start from proven templates, then make them your own in OpenHire.">
        <ResourceGrid items={TEMPLATES} />
      </Section>
      <Section id="webinars" title="Webinars" lead="Learn from our team and from hiring leaders, live or on demand.">
        <ul className="grid gap-6 md:grid-cols-3">
          {WEBINARS.map((webinar) => (
            <li key={webinar.title}>
              <LinkCard
                title={webinar.title}
                description={webinar.description}
                meta={
                  <span className="inline-flex items-center gap-2">
                    <Icon name={webinar.live ? "calendar" : "play"} className="size-4" />
                    {webinar.when}
                  </span>
                }
              >
                <BookingLink variant={webinar.live ? "primary" : "secondary"}>{webinar.live ? "Register now" : "Watch on demand"}</BookingLink>
              </LinkCard>
            </li>
          ))}
        </ul>
      </Section>
      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <NewsletterForm source="/resources" result={result} />
        </div>
      </section>
    </>
  );
}

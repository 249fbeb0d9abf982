import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { FIGURES } from "~/content/site";
import { BookingLink } from "./booking-link";
import { Icon, type IconName } from "./icon";

/** The heading block at the top of every inner marketing page. */
export function PageHeader({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-950 sm:text-5xl">{title}</h1>
        {lead ? <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-pretty text-slate-600">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

/** A page section with an optional centred heading. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = "white",
  children,
}: {
  id?: string;
  eyebrow?: string;
  title?: string;
  lead?: ReactNode;
  tone?: "white" | "muted";
  children: ReactNode;
}) {
  return (
    <section id={id} className={tone === "muted" ? "bg-slate-50" : "bg-white"}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        {title ? (
          <div className="mx-auto mb-12 max-w-2xl text-center">
            {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
            <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl">{title}</h2>
            {lead ? <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">{lead}</p> : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}

export function IconBadge({ name }: { name: IconName }) {
  return (
    <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
      <Icon name={name} />
    </span>
  );
}

export interface FeatureItem {
  icon: IconName;
  title: string;
  description: string;
  /** A page of ours that shows or explains the feature. */
  more?: { label: string; to: string };
}

/** Cards of icon, title and text. */
export function FeatureGrid({ items, columns = 3 }: { items: readonly FeatureItem[]; columns?: 2 | 3 | 4 }) {
  const grid = columns === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-2 lg:grid-cols-3";
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6">
          <div className="flex-none">
            <IconBadge name={item.icon} />
          </div>
          <div>
            <h3 className="text-lg font-semibold text-slate-950 sm:mt-4">{item.title}</h3>
            <p className="mt-1 text-sm leading-6 text-slate-600 sm:mt-2">{item.description}</p>
            {item.more ? (
              <Link to={item.more.to} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:text-brand-800">
                {item.more.label} <span aria-hidden="true">→</span>
              </Link>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-3 ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm leading-6 text-slate-700">
          <Icon name="check" className="mt-0.5 size-5 flex-none text-brand-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The marketing figures of the spec: 1,000+ companies, 50,000+ hires, 75% time saved. */
export function FigureBand() {
  return (
    <dl className="grid grid-cols-3 gap-3 rounded-2xl bg-brand-700 px-3 py-8 text-center sm:gap-8 sm:px-6 sm:py-10">
      {FIGURES.map((figure) => (
        <div key={figure.value} className="flex flex-col-reverse gap-1">
          <dt className="text-xs leading-5 text-brand-100 sm:text-sm">{figure.label}</dt>
          <dd className="text-2xl font-bold tracking-tight text-white sm:text-4xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The closing call to action of a page. */
export function CtaBand({ title, text }: { title: string; text: string }) {
  return (
    <section className="bg-white">
      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-slate-950 px-6 py-14 text-center sm:px-12">
          <div aria-hidden="true" className="absolute -top-24 left-1/2 size-96 -translate-x-1/2 rounded-full bg-brand-600/40 blur-3xl" />
          <div className="relative">
            <h2 className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">{title}</h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-300">{text}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <BookingLink variant="onDark" size="lg">
                Schedule a Demo
              </BookingLink>
              <ButtonLink to="/register" variant="secondary" className="px-5 py-3 text-base">
                Start hiring for free
              </ButtonLink>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A card that links somewhere, with a visually hidden suffix naming its target for screen readers. */
export function LinkCard({
  title,
  description,
  meta,
  children,
}: {
  title: string;
  description: string;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {meta ? <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{meta}</p> : null}
      <h3 className="mt-2 text-lg font-semibold text-slate-950">{title}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{description}</p>
      {children ? <div className="mt-5">{children}</div> : null}
    </article>
  );
}

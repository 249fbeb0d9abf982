import type { Route } from "./+types/guides";
import { Icon, type IconName } from "~/components/marketing/icon";
import { PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { GUIDE_CATEGORIES, type GuideType } from "~/content/learning";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Guides",
    description: "Step-by-step guides to getting started with OpenHire and best practices for job descriptions and structured interviews.",
  });

const TYPE_ICON: Record<GuideType, IconName> = { Article: "document", Video: "play", Guide: "book" };

const categoryId = (title: string) => `guides-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export default function Guides() {
  return (
    <>
      <PageHeader eyebrow="Guides" title="Guides and best practices" lead="Short, practical reads and videos to get your team hiring with confidence." />
      <Section>
        <div className="space-y-14">
          {GUIDE_CATEGORIES.map((category) => (
            <section key={category.title} aria-labelledby={categoryId(category.title)}>
              <h2 id={categoryId(category.title)} className="text-2xl font-bold tracking-tight text-slate-950">
                {category.title}
              </h2>
              <ul className="mt-6 grid gap-6 md:grid-cols-2">
                {category.items.map((item) => (
                  <li key={item.title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                    <span className="flex size-11 flex-none items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                      <Icon name={TYPE_ICON[item.type]} />
                    </span>
                    <div>
                      <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">
                        {item.type} · {item.readTime} min {item.type === "Video" ? "watch" : "read"}
                      </p>
                      <h3 className="mt-1 text-lg font-semibold text-slate-950">{item.title}</h3>
                      <p className="mt-2 text-sm leading-6 text-slate-600">{item.description}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>
    </>
  );
}

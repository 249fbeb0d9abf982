import type { LegalDocument } from "~/content/legal";

/** A legal document: title, date, sections and an optional highlighted notice. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Legal</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-950">{document.title}</h1>
      <p className="mt-3 text-sm text-slate-600">Last updated: {document.lastUpdated}</p>
      <p className="mt-8 text-lg leading-8 text-slate-700">{document.intro}</p>
      <nav aria-label="On this page" className="mt-8 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
        <h2 className="text-sm font-semibold text-slate-950">On this page</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {document.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#section-${index + 1}`} className="text-brand-700 hover:text-brand-800">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => (
        <section key={section.heading} id={`section-${index + 1}`} className="mt-12 scroll-mt-24">
          <h2 className="text-2xl font-semibold tracking-tight text-slate-950">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 text-base leading-7 text-slate-700">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-4 list-disc space-y-2 pl-6 text-base leading-7 text-slate-700">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {document.notice ? (
        <aside className="mt-12 rounded-2xl border-l-4 border-brand-600 bg-brand-50 p-6">
          <h2 className="text-lg font-semibold text-brand-900">{document.notice.heading}</h2>
          <p className="mt-2 text-base leading-7 text-brand-900">{document.notice.text}</p>
        </aside>
      ) : null}
    </article>
  );
}

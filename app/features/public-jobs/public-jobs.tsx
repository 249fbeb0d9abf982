import { Form, Link } from "react-router";
import { inputStyles } from "~/components/ui/field";
import { RowLink } from "~/components/ui/row-link";
import { accentText } from "~/lib/brand-color";
import { JOB_TYPE_LABELS, jobTypeLabel, REMOTE_TYPE_LABELS, remoteTypeLabel } from "~/lib/job-labels";
import type { BoardFilters } from "~/schemas/job-board";

/** A job as the board's and a careers page's cards show it. */
export interface JobCardData {
  id: string;
  title: string;
  href: string;
  companyName: string;
  /** The company's careers page, when it has one. */
  companyHref: string | null;
  location: string | null;
  type: string;
  remoteType: string | null;
  department: string | null;
  salary: string | null;
  featured: boolean;
  description: string;
  requirements: string | null;
}

/** The label a featured job carries (decision 108). */
export function FeaturedBadge() {
  return <span className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Featured</span>;
}

/**
 * One job's card: title, company, facts, salary and the first words of its text, with Apply Now. Its
 * links are `RowLink`s, as the staff lists' rows are (decision 135): a page of 20 cards had 60 links
 * marked for route discovery, and React Router's `<Link>` was 6 % of a deep page's server time
 * (decision 147). `discover` marks this card's links, for the first card of a list.
 */
export function JobCard({ job, showCompany = true, accent, discover = false }: { job: JobCardData; showCompany?: boolean; accent?: string; discover?: boolean }) {
  return (
    <li className={`rounded-xl border bg-white p-5 shadow-sm ${job.featured ? "border-amber-300" : "border-slate-200"}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-900">
              <RowLink to={job.href} discover={discover} className="hover:text-brand-700">
                {job.title}
              </RowLink>
            </h2>
            {job.featured ? <FeaturedBadge /> : null}
          </div>
          {showCompany ? (
            <p className="mt-0.5 text-sm font-medium text-slate-700">
              {job.companyHref ? (
                <RowLink to={job.companyHref} discover={discover} className="hover:text-brand-700 hover:underline">
                  {job.companyName}
                </RowLink>
              ) : (
                job.companyName
              )}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            {[job.department, job.location, jobTypeLabel(job.type), remoteTypeLabel(job.remoteType)].filter(Boolean).join(" · ")}
          </p>
          {job.salary ? <p className="mt-1 text-sm font-medium text-slate-800">{job.salary}</p> : null}
        </div>
        <RowLink
          to={`${job.href}/apply`}
          discover={discover}
          className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          style={accent ? { backgroundColor: accent, color: accentText(accent) } : undefined}
          aria-label={`Apply Now: ${job.title}`}
        >
          Apply Now
        </RowLink>
      </div>
      <p className="mt-3 line-clamp-3 text-sm text-slate-700">{job.description}</p>
      {job.requirements ? <p className="mt-2 line-clamp-2 text-sm text-slate-600">{job.requirements}</p> : null}
    </li>
  );
}

const selectStyles = `${inputStyles} pr-8`;

/**
 * The filters of the board or a careers page, as a GET form: every choice is in the URL and the form
 * works without JavaScript. A careers page passes its departments and locations to choose from; the
 * board takes typed text. `keep` holds the query's other values (the search, the company).
 */
export function JobFiltersForm({
  action,
  filters,
  choices,
  keep = {},
  clearHref,
}: {
  action: string;
  filters: BoardFilters;
  choices?: { departments: string[]; locations: string[] };
  keep?: Record<string, string>;
  clearHref: string | null;
}) {
  return (
    <Form method="get" action={action} aria-label="Filter jobs" className="grid grid-cols-2 items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-5">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FilterSelect label="Job type" name="type" value={filters.type ?? ""} options={Object.entries(JOB_TYPE_LABELS)} any="Any type" />
      <FilterSelect label="Remote" name="remote" value={filters.remote ?? ""} options={Object.entries(REMOTE_TYPE_LABELS)} any="Any" />
      {choices ? (
        <FilterSelect label="Department" name="department" value={filters.department} options={choices.departments.map((d) => [d, d])} any="All departments" />
      ) : (
        <FilterText label="Department" name="department" value={filters.department} placeholder="e.g. Engineering" />
      )}
      {choices ? (
        <FilterSelect label="Location" name="location" value={filters.location} options={choices.locations.map((l) => [l, l])} any="All locations" />
      ) : (
        <FilterText label="Location" name="location" value={filters.location} placeholder="e.g. Berlin" />
      )}
      <div className="col-span-2 flex items-center gap-3 lg:col-span-1">
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-slate-800">
          Filter
        </button>
        {clearHref ? (
          <Link to={clearHref} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function FilterSelect({ label, name, value, options, any }: { label: string; name: string; value: string; options: [string, string][]; any: string }) {
  const id = `filter-${name}`;
  // A value typed into the URL that is not a choice stays selected, so the page says what it shows.
  const all = value && !options.some(([option]) => option === value) ? [...options, [value, value] as [string, string]] : options;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={`${selectStyles} mt-1 w-full`}>
        <option value="">{any}</option>
        {all.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function FilterText({ label, name, value, placeholder }: { label: string; name: string; value: string; placeholder: string }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={id} name={name} defaultValue={value} placeholder={placeholder} maxLength={100} className={`${inputStyles} mt-1 w-full`} />
    </div>
  );
}

/** Previous and Next between a public list's pages, with the page's number; nothing when there is one page. */
export function PageLinks({ page, hasNextPage, href }: { page: number; hasNextPage: boolean; href: (page: number) => string }) {
  if (page <= 1 && !hasNextPage) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="arrow-back font-semibold text-brand-700 hover:text-brand-800">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">Page {page}</span>
      {hasNextPage ? (
        <Link to={href(page + 1)} className="arrow-forward font-semibold text-brand-700 hover:text-brand-800">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { Pagination } from "~/components/ui/pagination";
import { RowLink } from "~/components/ui/row-link";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "~/schemas/audit";
import { SettingsSection } from "./settings-section";

export interface AuditData {
  filters: { action?: string; member?: string; subject?: string; from?: string; to?: string };
  members: { id: string; name: string }[];
  entries: {
    id: string;
    createdAt: string;
    who: string;
    action: AuditAction;
    what: string;
    subject: string;
    subjectHref: string | null;
    details: string;
    ip: string | null;
  }[];
  next: string | null;
  previous: string | null;
}

const ACTION_OPTIONS = [
  { value: "", label: "Every action" },
  ...Object.entries(AUDIT_ACTION_GROUPS).map(([group, { label }]) => ({ value: `group:${group}`, label: `All: ${label.toLowerCase()}` })),
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** The page's address with these filters (and a cursor), for links and the CSV. */
function auditHref(path: string, filters: AuditData["filters"], cursor?: { after?: string; before?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...cursor })) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Settings › Audit (decision 115): the company's trail newest first, with filters in the address (a
 * plain GET form, so it works without JavaScript and a filtered trail can be shared), pages of 50
 * and the filtered trail as a CSV. Every name is text, never HTML. On a phone each entry is a
 * stacked card; from `md` up the entries are a table's rows, inside their own scrolling box.
 */
export function AuditSection({ data }: { data: AuditData }) {
  const { filters } = data;
  const filtered = Object.values(filters).some(Boolean);
  const memberOptions = [{ value: "", label: "Any member" }, ...data.members.map((member) => ({ value: member.id, label: member.name }))];
  return (
    <SettingsSection
      id="audit"
      title="Audit trail"
      description="Who viewed, downloaded, changed or erased a candidate's data, and every change to members, API keys and webhooks. Entries cannot be changed or deleted."
    >
      <div className="space-y-5">
        <Form method="get" action={SETTINGS_PATHS.audit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filter the audit trail">
          <SelectField label="Action" name="action" defaultValue={filters.action ?? ""} options={ACTION_OPTIONS} />
          <SelectField label="Member" name="member" defaultValue={filters.member ?? ""} options={memberOptions} />
          <Field label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
          <Field label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
          {filters.subject ? <input type="hidden" name="subject" value={filters.subject} /> : null}
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={buttonStyles.secondary}>
              Filter
            </button>
            {filtered ? (
              <Link to={SETTINGS_PATHS.audit} className="text-sm font-medium text-brand-700 hover:underline">
                Clear filters
              </Link>
            ) : null}
            <a href={auditHref(`${SETTINGS_PATHS.audit}/export.csv`, filters)} className={`${buttonStyles.ghost} sm:ml-auto`} download>
              Export CSV
            </a>
          </div>
          {filters.subject ? <p className="text-sm text-slate-600 sm:col-span-2 lg:col-span-4">Showing one subject's entries only.</p> : null}
        </Form>

        {data.entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            {filtered ? "No entries match these filters." : "Nothing has been recorded yet. Entries appear here as your team works with candidates' data and settings."}
          </p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 md:hidden" aria-label="Audit entries">
              {data.entries.map((entry) => (
                <li key={entry.id} className="space-y-1 px-4 py-3 text-sm">
                  <p className="font-medium wrap-anywhere text-slate-900">
                    {entry.who} · {entry.what}
                  </p>
                  <p className="wrap-anywhere">
                    <Subject entry={entry} />
                  </p>
                  {entry.details ? <p className="wrap-anywhere text-slate-600">{entry.details}</p> : null}
                  <p className="text-slate-500">
                    <LocalDate value={entry.createdAt} withTime />
                    {entry.ip ? ` · ${entry.ip}` : null}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Audit entries, newest first</caption>
                <thead className="bg-slate-50 text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">When</th>
                    <th scope="col" className="px-3 py-2 font-medium">Who</th>
                    <th scope="col" className="px-3 py-2 font-medium">What</th>
                    <th scope="col" className="px-3 py-2 font-medium">Subject</th>
                    <th scope="col" className="px-3 py-2 font-medium">Details</th>
                    <th scope="col" className="px-3 py-2 font-medium">IP address</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.entries.map((entry, index) => (
                    <tr key={entry.id} className="align-top">
                      <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                        <LocalDate value={entry.createdAt} withTime />
                      </td>
                      <td className="px-3 py-2 wrap-anywhere">{entry.who}</td>
                      <td className="px-3 py-2">{entry.what}</td>
                      <td className="px-3 py-2 wrap-anywhere">
                        <Subject entry={entry} discover={index === 0} />
                      </td>
                      <td className="px-3 py-2 wrap-anywhere text-slate-600">{entry.details}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-600">{entry.ip ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <Pagination
          previousHref={data.previous ? auditHref(SETTINGS_PATHS.audit, filters, { before: data.previous }) : null}
          nextHref={data.next ? auditHref(SETTINGS_PATHS.audit, filters, { after: data.next }) : null}
        />
      </div>
    </SettingsSection>
  );
}

/**
 * The entry's subject, linked to its page while it has one: a `RowLink`, as the lists' rows are, so
 * that a page of 50 entries (each shown twice, as a card and as a row) does not mark 100 links for
 * route discovery; only the first row's is marked (decisions 135 and 146).
 */
function Subject({ entry, discover = false }: { entry: AuditData["entries"][number]; discover?: boolean }) {
  return entry.subjectHref ? (
    <RowLink to={entry.subjectHref} discover={discover} className="font-medium text-brand-700 hover:underline">
      {entry.subject}
    </RowLink>
  ) : (
    <>{entry.subject}</>
  );
}

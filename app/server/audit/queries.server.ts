import { type AnyColumn, and, asc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { auditEvents, profiles, user } from "../../../db/schema";
import { CSV_BOM, csvLine } from "~/lib/csv";
import { ROLE_LABELS, type Role } from "~/lib/permissions";
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditQuery, auditActionsOf, type AuditSubjectType } from "~/schemas/audit";
import type { Queryable } from "../platform/db.server";
import { cursorAt, type KeysetPage, keysetPage, keysetQuery, type KeysetPosition } from "../platform/keyset.server";
import { type Actor, owned, ownedSql, preparedRead } from "../platform/tenancy.server";
import { startOfDateInTimeZone } from "../platform/time-zone.server";

/** Settings › Audit shows this many entries a page. */
export const AUDIT_PAGE_SIZE = 50;
/** Rows read per statement by the CSV export: it holds about one batch in memory. */
export const AUDIT_CSV_BATCH = 1_000;

/** What the trail is filtered by (Settings › Audit's query without its cursor), dates read in `timeZone`. */
export type AuditFilters = Pick<AuditQuery, "action" | "member" | "subject" | "from" | "to">;

/** The next calendar date of a YYYY-MM-DD date. */
function dayAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The company's entries the filters match: always the actor's company, whatever ids the query names. */
export function auditWhere(actor: Actor, filters: AuditFilters, timeZone: string): SQL {
  const actions = auditActionsOf(filters.action);
  return and(
    owned(auditEvents, actor),
    actions ? inArray(auditEvents.action, [...actions]) : undefined,
    filters.member ? eq(auditEvents.actorId, filters.member) : undefined,
    filters.subject ? eq(auditEvents.subjectId, filters.subject) : undefined,
    filters.from ? gte(auditEvents.createdAt, startOfDateInTimeZone(filters.from, timeZone)) : undefined,
    filters.to ? lt(auditEvents.createdAt, startOfDateInTimeZone(dayAfter(filters.to), timeZone)) : undefined,
  )!;
}

/** The subject's id as a row id, for the entries whose subject is of this type (other ids are not UUIDs). */
const subjectUuid = (type: AuditSubjectType) => sql`(case when ${auditEvents.subjectType} = ${type} then ${auditEvents.subjectId}::uuid end)`;
const subjectText = (type: AuditSubjectType) => sql`(case when ${auditEvents.subjectType} = ${type} then ${auditEvents.subjectId} end)`;
/** A member as the trail names them: their full name, else their account's name, else their email. */
const personName = (fullName: AnyColumn | SQL, name: AnyColumn | SQL, email: AnyColumn | SQL) =>
  sql<string | null>`coalesce(nullif(trim(${fullName}), ''), nullif(trim(${name}), ''), ${email})`;

/**
 * Entries with their actor and subject named at read time (decision 115): the member's current
 * name, the candidate's current name (none once erased), the key's name, the endpoint's address.
 * Each name is read within the actor's company only, by a subquery per name for the page's rows:
 * as six joins the statement took PostgreSQL 2 ms to plan, five times what the page's 51 rows
 * then took to read (decision 146).
 */
function namedEntries(db: Queryable, actor: Actor, where: SQL | undefined, limit: number | null, orderBy: SQL[]) {
  const memberNamed = (id: SQL) =>
    sql<string | null>`(select ${personName(sql`p.full_name`, sql`u.name`, sql`u.email`)}
      from profiles p left join "user" u on u.id = p.id where p.id = ${id} and ${ownedSql("p", actor)})`;
  const named = (table: string, column: string, type: AuditSubjectType) =>
    sql<string | null>`(select t.${sql.raw(column)} from ${sql.raw(table)} t where t.id = ${subjectUuid(type)} and ${ownedSql("t", actor)})`;
  const query = db
    .select({
      id: auditEvents.id,
      cursorAt: cursorAt(auditEvents.createdAt),
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      action: auditEvents.action,
      subjectType: auditEvents.subjectType,
      subjectId: auditEvents.subjectId,
      data: auditEvents.data,
      via: auditEvents.via,
      ip: auditEvents.ip,
      actorName: memberNamed(sql`${auditEvents.actorId}`),
      candidateName: named("candidates", "name", "candidate"),
      memberName: memberNamed(subjectText("member")),
      invitationEmail: named("invitations", "email", "invitation"),
      apiKeyName: named("api_keys", "name", "api_key"),
      webhookUrl: named("webhook_endpoints", "url", "webhook_endpoint"),
    })
    .from(auditEvents)
    .where(where)
    .orderBy(...orderBy);
  return limit === null ? query : query.limit(limit);
}

type NamedEntry = Awaited<ReturnType<typeof namedEntries>>[number];

/** One entry as the page and the CSV show it. */
export interface AuditEntryView {
  id: string;
  createdAt: Date;
  who: string;
  action: AuditAction;
  what: string;
  subject: string;
  /** The candidate's page, while the candidate exists. */
  subjectHref: string | null;
  subjectId: string;
  details: string;
  ip: string | null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Who acted: the member, or how it was done without one. */
function whoOf(entry: NamedEntry): string {
  if (entry.via === "retention") return "Retention";
  if (entry.via === "candidate") return "Candidate";
  if (entry.via === "api") return `API key ${text(entry.data.apiKey) || "(deleted)"}`.trim();
  if (entry.actorId) return entry.actorName ?? "Former member";
  return "OpenHire";
}

function subjectOf(entry: NamedEntry): { subject: string; subjectHref: string | null } {
  switch (entry.subjectType) {
    case "candidate":
      return entry.candidateName === null
        ? { subject: "Erased candidate", subjectHref: null }
        : { subject: entry.candidateName, subjectHref: `/candidates/${entry.subjectId}` };
    case "member":
      return { subject: entry.memberName ?? "Former member", subjectHref: null };
    case "invitation":
      return { subject: entry.invitationEmail ? `Invitation to ${entry.invitationEmail}` : "An invitation", subjectHref: null };
    case "api_key":
      return { subject: entry.apiKeyName ? `API key ${entry.apiKeyName}` : "A deleted API key", subjectHref: null };
    case "webhook_endpoint":
      return { subject: entry.webhookUrl ?? (text(entry.data.url) || "A deleted webhook endpoint"), subjectHref: null };
    case "application":
      return { subject: "An application", subjectHref: `/applications/${entry.subjectId}` };
    case "company":
      return { subject: "The company", subjectHref: null };
  }
}

const roleLabel = (value: unknown) => ROLE_LABELS[value as Role] ?? text(value);

/** How the details name the fields the services write; others show by their own name. */
const DATA_LABELS: Record<string, string> = {
  applicationId: "application",
  applicationsMoved: "applications moved",
  cvId: "CV",
  kind: "file type",
  mergedCandidateId: "merged candidate",
  url: "address",
};

/** An entry's data as one line of text (never HTML): the fields it holds, by name. */
export function auditDetails(action: AuditAction, data: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === "apiKeyId" || key === "apiKey" || value === null || value === undefined) continue;
    if (action === "member.role_changed" && (key === "from" || key === "to")) continue;
    const shown = Array.isArray(value) ? value.map(String).join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value);
    parts.push(`${DATA_LABELS[key] ?? key}: ${key === "role" ? roleLabel(value) : shown}`);
  }
  if (action === "member.role_changed") parts.unshift(`${roleLabel(data.from)} → ${roleLabel(data.to)}`);
  return parts.join("; ");
}

function viewOf(entry: NamedEntry): AuditEntryView {
  return {
    id: entry.id,
    createdAt: entry.createdAt,
    who: whoOf(entry),
    action: entry.action,
    what: AUDIT_ACTION_LABELS[entry.action],
    ...subjectOf(entry),
    subjectId: entry.subjectId,
    details: auditDetails(entry.action, entry.data),
    ip: entry.ip,
  };
}

/**
 * The statement of one page of the trail: the entries after (or before) the position, in the order
 * of the trail's indexes (decision 146), so a page reads its rows, not the company's whole trail.
 */
export function auditPageQuery(db: Queryable, actor: Actor, filters: AuditFilters, timeZone: string, position: KeysetPosition) {
  const keyset = keysetQuery(auditEvents.createdAt, auditEvents.id, position, AUDIT_PAGE_SIZE);
  return namedEntries(db, actor, and(auditWhere(actor, filters, timeZone), keyset.where), keyset.limit, keyset.orderBy);
}

/** One page of the company's trail, newest first (keyset pages of AUDIT_PAGE_SIZE, decision 060). */
export async function listAuditEntries(
  db: Queryable,
  actor: Actor,
  filters: AuditFilters,
  timeZone: string,
  position: KeysetPosition,
): Promise<KeysetPage<AuditEntryView>> {
  const rows = await auditPageQuery(db, actor, filters, timeZone, position);
  const page = keysetPage(rows, position, AUDIT_PAGE_SIZE);
  return { ...page, rows: page.rows.map(viewOf) };
}

/**
 * The members the "Member" filter offers: the company's current ones, by name. Prepared (decision
 * 100's `preparedRead`): every visit of the trail asks it, and it was built and planned each time.
 */
export async function listAuditMembers(db: Queryable, actor: Actor): Promise<{ id: string; name: string }[]> {
  const rows = await preparedRead(db, actor, "audit_members", (actor) =>
    db
      .select({ id: profiles.id, name: personName(profiles.fullName, user.name, user.email) })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(owned(profiles, actor))
      .orderBy(asc(profiles.createdAt), asc(profiles.id)),
  );
  return rows.map((row) => ({ id: row.id, name: row.name ?? row.id }));
}

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = ["When (UTC)", "Who", "What", "Action", "Subject", "Subject id", "Details", "IP address"] as const;

/** The file's name for a day: audit-YYYY-MM-DD.csv (UTC). */
export function auditCsvFileName(now = new Date()): string {
  return `audit-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The filtered trail as CSV text in pieces, newest first, as the page lists it: a header, then one
 * piece per batch read by keyset after the batch before (memory stays one batch). Cells are quoted
 * and neutralised against spreadsheet formulas (`csvCell`, decision 085): a candidate's name such
 * as `=HYPERLINK(…)` opens as text. Entries written while the file is read may or may not be in it.
 */
export async function* auditCsvChunks(
  db: Queryable,
  actor: Actor,
  filters: AuditFilters,
  timeZone: string,
  options: { batchSize?: number } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? AUDIT_CSV_BATCH;
  yield CSV_BOM + csvLine(AUDIT_CSV_COLUMNS);
  const where = auditWhere(actor, filters, timeZone);
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const keyset = keysetQuery(auditEvents.createdAt, auditEvents.id, { after }, batchSize);
    const rows = await namedEntries(db, actor, and(where, keyset.where), batchSize, keyset.orderBy);
    if (rows.length > 0) {
      yield rows
        .map(viewOf)
        .map((entry) => csvLine([entry.createdAt.toISOString(), entry.who, entry.what, entry.action, entry.subject, entry.subjectId, entry.details, entry.ip]))
        .join("");
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) break;
    after = { at: last.cursorAt, id: last.id };
  }
}

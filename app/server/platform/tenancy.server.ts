/**
 * Tenancy in one place (decision 052). Every company-owned row (jobs, stages, applications,
 * templates, emails, invitations, profiles, activity) is read, updated and deleted only through
 * `owned(table, actor)` (or `ownedSql(alias, actor)` in raw SQL), including statements that run
 * after an earlier one locked the row. Inserts take the actor's company as a value. The one read
 * across companies is `acrossCompanies`, and says so.
 */
import { type Column, eq, inArray, isNotNull, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { companies } from "../../../db/schema";
import { type Role, ROLE_SCOPE } from "~/lib/permissions";
import { GENERIC_PLAN_SUFFIX, type Queryable, queryRowsPrepared } from "./db.server";

/** Who acts: a signed-in staff member of one company. Every staff service and query takes it. */
export interface Actor {
  userId: string;
  companyId: string;
  /**
   * Their role (decision 096): which of the company's jobs and applications they see. Signed-in
   * staff always carry it; an actor without one (a task acting for the company) sees all of them.
   */
  role?: Role;
}

/** A table with a `company_id` column. */
interface CompanyOwned {
  companyId: Column;
}

/** The condition every statement on a company-owned table carries: the row is the actor's company's. */
export function owned(table: CompanyOwned, actor: Actor): SQL {
  return eq(table.companyId, actor.companyId);
}

/** `owned` for raw SQL: `${ownedSql("s", actor)}` is `"s"."company_id" = <the actor's company>`. */
export function ownedSql(alias: string, actor: Actor): SQL {
  return sql`${sql.identifier(alias)}.company_id = ${actor.companyId}`;
}

/** The actor's own company row (the companies table is the tenant itself). */
export function ownCompany(actor: Actor): SQL {
  return eq(companies.id, actor.companyId);
}

/**
 * The one deliberate read across companies (decisions 044 and 052): the application email worker
 * takes queued applications of every company in one pass and reads each one's company's template
 * and staff. Without `companyIds` it admits a row of any company (the rows are picked by id from
 * the queue); with them, rows of those companies. The outbox giving applications their reply tokens and
 * a candidate's reply finding its application by that token (decision 097), and a calendar feed
 * found by its URL's token (decision 102), read across companies too: the unguessable token, not a
 * session, names the company. Nothing that acts for a staff member
 * calls this.
 */
export function acrossCompanies(table: CompanyOwned, companyIds?: readonly string[]): SQL {
  return companyIds ? inArray(table.companyId, [...companyIds]) : isNotNull(table.companyId);
}

/**
 * The company a row read across companies names (`acrossCompanies`), as the actor of the reads a
 * statement joins to it: `owned` and `ownedSql` then compare with that row's column instead of a
 * value. A candidate's scheduling link (decision 103) reads its interviewers' times in the same
 * statement as the link, scoped to the link's company.
 */
export function companyOfRow(companyId: SQLWrapper): Actor {
  return { companyId: companyId as unknown as string, userId: "" };
}

/** Whether a row already read (with its `companyId`) is the actor's company's. */
export function isOwnedBy(row: { companyId: string }, actor: Actor): boolean {
  return row.companyId === actor.companyId;
}

/*
 * Within the company, what a role sees (decision 096): `seesJob` and `seesApplication` are the one
 * place that says it, added to the `owned` condition of every read and lock a hiring manager or an
 * interviewer can reach. For an admin, a recruiter or an actor without a role they are undefined
 * (drizzle's `and` drops them; raw SQL writes `?? sql\`true\``), so their statements do not change.
 */

/** The condition that the job (its id column or expression) is one the actor sees. */
export function seesJob(jobId: Column | SQL, actor: Actor): SQL | undefined {
  switch (actor.role ? ROLE_SCOPE[actor.role] : "company") {
    case "company":
      return undefined;
    case "hiring-team":
      return sql`${jobId} in (select m.job_id from job_team_members m where m.user_id = ${actor.userId})`;
    case "review-requests":
      return sql`false`;
  }
}

/** The condition that the application (its id and job id columns or expressions) is one the actor sees. */
export function seesApplication(application: { id: Column | SQL; jobId: Column | SQL }, actor: Actor): SQL | undefined {
  switch (actor.role ? ROLE_SCOPE[actor.role] : "company") {
    case "company":
      return undefined;
    case "hiring-team":
      // Their team's jobs' applications, and any other they were asked to give feedback on.
      return sql`(${seesJob(application.jobId, actor)} or ${askedToReview(application.id, actor)})`;
    case "review-requests":
      return askedToReview(application.id, actor);
  }
}

/** The applications the actor was asked to give feedback on (decision 096). */
const askedToReview = (applicationId: Column | SQL, actor: Actor) =>
  sql`${applicationId} in (select r.application_id from feedback_requests r where r.reviewer_id = ${actor.userId})`;

/** `seesApplication` for a raw SQL alias of the applications table, always a condition. */
export function seesApplicationSql(alias: string, actor: Actor): SQL {
  const a = sql.identifier(alias);
  return seesApplication({ id: sql`${a}.id`, jobId: sql`${a}.job_id` }, actor) ?? sql`true`;
}

/** Whether the actor sees every job and application of the company (an admin or a recruiter). */
export function seesWholeCompany(actor: Actor): boolean {
  return !actor.role || ROLE_SCOPE[actor.role] === "company";
}

/** Whether the actor sees every application of the jobs whose hiring team they are on (a hiring manager; an admin or a recruiter sees all). */
export function seesTeamJobs(actor: Actor): boolean {
  return seesWholeCompany(actor) || ROLE_SCOPE[actor.role!] === "hiring-team";
}

/*
 * Hot reads as prepared statements (decision 100). A statement a page runs on every visit is built
 * once per database and role scope, with the actor's ids and its own values as placeholders, and
 * prepared by name: drizzle does not build its SQL again, and PostgreSQL parses and plans it once per
 * connection (a plan kept across calls, chosen by PostgreSQL when it is no worse than planning anew).
 * Only for reads picked out by a key (an application's id, a candidate's) or of a small
 * per-company table (templates, reasons, members): a list across a large company keeps planning
 * each call, where the plan depends on how much of the data the company holds.
 */

interface PreparedRead<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The actor as placeholders: `owned`, `seesJob` and `seesApplication` then write `$companyId`, `$userId`. */
function placeholderActor(role: Role | undefined): Actor {
  return { companyId: sql.placeholder("companyId") as unknown as string, userId: sql.placeholder("userId") as unknown as string, role };
}

const preparedReads = new WeakMap<object, Map<string, PreparedRead<unknown>>>();

/**
 * `preparedRead` for a raw SQL read (`queryRowsPrepared`), whose text changes with the actor's role
 * scope (`seesApplicationSql`): prepared once per scope, under `name` and the scope. Its values stay
 * parameters, so one text serves every member of a scope. `genericPlan` for a read whose plan is the
 * same for every company and member (index probes of the member's own rows): PostgreSQL then plans it
 * once per connection, not on every call (decision 130).
 */
export function preparedRowsRead<T>(db: Queryable, actor: Actor, name: string, query: SQL, options: { genericPlan?: boolean } = {}): Promise<T[]> {
  return queryRowsPrepared<T>(db, `${name}_${scopeName(actor)}`, query, options);
}

function scopeName(actor: Actor): string {
  return (actor.role ? ROLE_SCOPE[actor.role] : "company").replace("-", "_");
}

/**
 * Runs the read `build` makes, prepared under `name` (unique to the statement; the role scope is
 * added, as a scope changes the SQL): `build` gets the actor as placeholders, and `values` fills
 * the statement's own placeholders (`sql.placeholder("applicationId")`, …). `genericPlan` as for
 * `preparedRowsRead` (decision 134).
 */
export function preparedRead<R>(
  db: object,
  actor: Actor,
  name: string,
  build: (actor: Actor) => { prepare(name: string): PreparedRead<R> },
  values: Record<string, unknown> = {},
  options: { genericPlan?: boolean } = {},
): Promise<R> {
  const key = `${name}_${scopeName(actor)}${options.genericPlan ? GENERIC_PLAN_SUFFIX : ""}`;
  return preparedStatement(db, key, () => build(placeholderActor(actor.role))).execute({
    ...values,
    companyId: actor.companyId,
    userId: actor.userId,
  });
}

/**
 * `preparedRead` for a read by an unguessable token, before any actor is known: a staff session
 * (which says who the company is) and a candidate's scheduling link (decision 103, across companies,
 * its row names the company). No actor to fill in.
 */
export function preparedTokenRead<R>(db: object, name: string, build: () => { prepare(name: string): PreparedRead<R> }, values: Record<string, unknown>): Promise<R> {
  return preparedStatement(db, name, build).execute(values);
}

function preparedStatement<R>(db: object, key: string, build: () => { prepare(name: string): PreparedRead<R> }): PreparedRead<R> {
  let statements = preparedReads.get(db);
  if (!statements) preparedReads.set(db, (statements = new Map()));
  let statement = statements.get(key) as PreparedRead<R> | undefined;
  if (!statement) statements.set(key, (statement = build().prepare(key)));
  return statement;
}

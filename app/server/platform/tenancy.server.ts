/**
 * Tenancy in one place (decision 052). Every company-owned row (jobs, stages, applications,
 * templates, emails, invitations, profiles, activity) is read, updated and deleted only through
 * `owned(table, actor)` (or `ownedSql(alias, actor)` in raw SQL), including statements that run
 * after an earlier one locked the row. Inserts take the actor's company as a value. The one read
 * across companies is `acrossCompanies`, and says so.
 */
import { type Column, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { companies } from "../../../db/schema";

/** Who acts: a signed-in staff member of one company. Every staff service and query takes it. */
export interface Actor {
  userId: string;
  companyId: string;
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
 * a candidate's reply finding its application by that token (decision 097) read across companies
 * too: the unguessable token, not a session, names the company. Nothing that acts for a staff member
 * calls this.
 */
export function acrossCompanies(table: CompanyOwned, companyIds?: readonly string[]): SQL {
  return companyIds ? inArray(table.companyId, [...companyIds]) : isNotNull(table.companyId);
}

/** Whether a row already read (with its `companyId`) is the actor's company's. */
export function isOwnedBy(row: { companyId: string }, actor: Actor): boolean {
  return row.companyId === actor.companyId;
}

import { and, eq, gte, sql } from "drizzle-orm";
import { applicationCounts, applications, companies, jobs } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, ownCompany, ownedSql, preparedRead, seesApplication, seesJob, seesWholeCompany } from "../platform/tenancy.server";
import { DEFAULT_COMPANY_NAME } from "~/schemas/names";

export interface DashboardStats {
  activeJobs: number;
  applicationsToday: number;
  pendingReviews: number;
}

/**
 * The three stat cards of the dashboard, for one company. Pending Reviews is the company's counter
 * of active applications (decision 137) instead of a count of every active application; today's
 * applications are one index range.
 */
export async function getDashboardStats(db: Queryable, actor: Actor, todayStart: Date): Promise<DashboardStats> {
  // One statement (one round trip) for the three numbers, each read from an index or a counter.
  // The counter counts the whole company; a hiring manager or an interviewer counts the
  // applications they see (decision 096), as the applications list does.
  // Prepared with the generic plan (decision 134): the same three index reads for every company,
  // where planning them anew cost PostgreSQL more than running them.
  const [row] = await preparedRead(
    db,
    actor,
    "dashboard_stats",
    (actor) => {
      const pending = seesWholeCompany(actor)
        ? sql`(select coalesce(sum(${applicationCounts.active}), 0) from ${applicationCounts} where ${owned(applicationCounts, actor)})`
        : sql`(select count(*) from ${applications} where ${and(owned(applications, actor), eq(applications.status, "active"), seesApplication(applications, actor))})`;
      return db
        .select({
          activeJobs: sql<number>`(select count(*) from ${jobs} where ${and(owned(jobs, actor), eq(jobs.status, "published"), seesJob(jobs.id, actor))})::int`,
          applicationsToday: sql<number>`(select count(*) from ${applications} where ${and(owned(applications, actor), gte(applications.createdAt, sql.placeholder("todayStart")), seesApplication(applications, actor))})::int`,
          pendingReviews: sql<number>`${pending}::int`,
        })
        .from(companies)
        .where(ownCompany(actor));
    },
    { todayStart },
    { genericPlan: true },
  );
  return {
    activeJobs: Number(row?.activeJobs ?? 0),
    applicationsToday: Number(row?.applicationsToday ?? 0),
    pendingReviews: Number(row?.pendingReviews ?? 0),
  };
}

/** The owner's first steps, each done or not (the dashboard's "Get started" checklist). */
export interface GettingStarted {
  /** The company has a website (shown on every job page) and a name of its own. */
  companyDetails: boolean;
  /** The company has a job, whatever its status. */
  firstJob: boolean;
  /** Someone else is a member, or an invitation is open (not accepted, revoked or expired). */
  teammate: boolean;
}

/** The checklist of one company, in one statement. */
export async function getGettingStarted(db: Queryable, actor: Actor): Promise<GettingStarted> {
  // Prepared with the generic plan (decision 137): three probes of the company's own rows, planned
  // once per connection where planning them on every visit cost PostgreSQL ten times running them.
  const [row] = await preparedRead(
    db,
    actor,
    "getting_started",
    (actor) =>
      db
        .select({
          companyDetails: sql<boolean>`(${companies.website} is not null and ${companies.name} <> ${DEFAULT_COMPANY_NAME})`,
          firstJob: sql<boolean>`exists (select 1 from jobs j where ${ownedSql("j", actor)})`,
          teammate: sql<boolean>`(
            exists (select 1 from profiles p where ${ownedSql("p", actor)} and p.id <> ${actor.userId})
            or exists (
              select 1 from invitations i
              where ${ownedSql("i", actor)} and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
            )
          )`,
        })
        .from(companies)
        .where(ownCompany(actor)),
    {},
    { genericPlan: true },
  );
  return { companyDetails: Boolean(row?.companyDetails), firstJob: Boolean(row?.firstJob), teammate: Boolean(row?.teammate) };
}

import { and, eq, sql } from "drizzle-orm";
import { applications, candidates, jobs, pipelineStages } from "../../../db/schema";
import type { ApplicationStatus } from "~/schemas/application-review";
import { isUuid } from "~/schemas/id";
import { matchScore, requirementTerms } from "~/lib/requirement-terms";
import { type Queryable, queryRows } from "../platform/db.server";
import { type Actor, owned, ownedSql, seesJob } from "../platform/tenancy.server";

export const MATCH_PAGE_SIZE = 25;

/**
 * A job's applicants ranked by how well what they wrote covers the job's requirements (decision
 * 087): the job's requirement terms (`requirementTerms`), and for each applicant the terms found in
 * their candidate's documents (CV text and answers, and who they are and their tags: the search
 * documents of decision 086, each term matched as full-text search matches it, so "engineers" in
 * a CV counts for "engineer"). The score is the share of terms found; ties go to the most recent
 * application. Nothing else counts, and every score is explained by the terms that made it.
 * Null when the job is not the actor's company's.
 */
export async function rankApplicantsByMatch(db: Queryable, actor: Actor, jobId: string, page: number) {
  if (!isUuid(jobId)) return null;
  const [job] = await db
    .select({ id: jobs.id, title: jobs.title, requirements: jobs.requirements })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), owned(jobs, actor), seesJob(jobs.id, actor)));
  if (!job) return null;
  const terms = requirementTerms(job.requirements);
  if (terms.length === 0) return { job: { id: job.id, title: job.title }, terms, rows: [], total: 0, page: 1, pages: 1 };

  const offset = (Math.max(1, page) - 1) * MATCH_PAGE_SIZE;
  // Each candidate's two documents are joined once into one value (`doc`), so the terms are checked
  // against it in memory rather than reading the stored document again for every term.
  const rows = await queryRows<{
    application_id: string;
    candidate_id: string;
    name: string;
    email: string;
    stage_name: string | null;
    status: ApplicationStatus;
    matched: number[];
    total: number;
  }>(
    db,
    sql`with terms as materialized (
          select ord::int as ord, plainto_tsquery('english', term) as q
          from unnest(${`{${terms.map((term) => `"${term.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]) with ordinality as t(term, ord)
        ),
        scored as (
          select a.id as application_id, a.candidate_id, a.created_at, c.name, c.email, s.name as stage_name, a.status,
                 array(select t.ord from terms t where d.doc @@ t.q order by t.ord) as matched
          from ${applications} a
          join ${candidates} c on c.id = a.candidate_id and ${ownedSql("c", actor)}
          -- (offset 0 keeps the planner from inlining the joined value into every term's check)
          cross join lateral (select c.search_text || c.search_names as doc offset 0) d
          left join ${pipelineStages} s on s.id = a.current_pipeline_stage_id
          where a.job_id = ${job.id} and ${ownedSql("a", actor)}
        )
        select application_id, candidate_id, name, email, stage_name, status, matched, count(*) over ()::int as total
        from scored
        order by cardinality(matched) desc, created_at desc, application_id desc
        limit ${MATCH_PAGE_SIZE} offset ${offset}`,
  );
  const total = rows[0]?.total ?? (offset > 0 ? await countApplicants(db, actor, job.id) : 0);
  return {
    job: { id: job.id, title: job.title },
    terms,
    rows: rows.map((row) => {
      const found = new Set(row.matched.map(Number));
      return {
        applicationId: row.application_id,
        candidateId: row.candidate_id,
        name: row.name,
        email: row.email,
        stageName: row.stage_name,
        status: row.status,
        score: matchScore(found.size, terms.length),
        matched: terms.filter((_, index) => found.has(index + 1)),
        missing: terms.filter((_, index) => !found.has(index + 1)),
      };
    }),
    total,
    page: Math.max(1, page),
    pages: Math.max(1, Math.ceil(total / MATCH_PAGE_SIZE)),
  };
}

async function countApplicants(db: Queryable, actor: Actor, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), owned(applications, actor)));
  return Number(row?.n ?? 0);
}

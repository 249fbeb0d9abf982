import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { applications, candidateTags, jobs, pipelineStages, tags } from "../../../db/schema";
import { type Actor, ownedSql } from "../platform/tenancy.server";

// What a row of the candidates list (and of its search and its CSV export) shows besides the
// candidate's own columns, read for the rows of a page only: one definition for the three.

/** `lateral (…) latest`: the candidate's newest application's job title, stage name and status (index on candidate_id, created_at). */
export function latestApplicationJoin(candidateId: AnyColumn | SQL, actor: Actor): SQL {
  return sql`lateral (select j.title as job_title, s.name as stage_name, a.status
                      from ${applications} a
                      join ${jobs} j on j.id = a.job_id
                      left join ${pipelineStages} s on s.id = a.current_pipeline_stage_id
                      where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)}
                      order by a.created_at desc
                      limit 1) latest`;
}

/** How many applications the candidate has. */
export function applicationCountOf(candidateId: AnyColumn | SQL, actor: Actor): SQL<number> {
  return sql<number>`(select count(*) from ${applications} a where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)})::int`;
}

/** The first `limit` of the candidate's tags, A to Z, as a JSON array of names. */
export function shownTagsOf(candidateId: AnyColumn | SQL, actor: Actor, limit: number): SQL<string[]> {
  return sql<string[]>`(select coalesce(json_agg(shown.name order by shown.name_key, shown.name), '[]'::json)
                        from (select t.name, t.name_key from ${candidateTags} ct join ${tags} t on t.id = ct.tag_id
                              where ct.candidate_id = ${candidateId} and ${ownedSql("ct", actor)} and ${ownedSql("t", actor)}
                              order by t.name_key, t.name limit ${limit}) shown)`;
}

/** How many tags the candidate has. */
export function tagCountOf(candidateId: AnyColumn | SQL, actor: Actor): SQL<number> {
  return sql<number>`(select count(*) from ${candidateTags} ct where ct.candidate_id = ${candidateId} and ${ownedSql("ct", actor)})::int`;
}

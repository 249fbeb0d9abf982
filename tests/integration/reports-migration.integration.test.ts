import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/server/platform/db.server";
import { migrateUpToBefore } from "../helpers/migrations";
import { createTestDatabase } from "../helpers/test-database";

describe("the reports migration on a database with history (decision 104)", () => {
  it("gives existing applications their stage history from the recorded moves, and their furthest stage", async () => {
    const db = await createTestDatabase({ migrate: false });
    try {
      await migrateUpToBefore(db, "_reports_stage_history");
      const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db.db, query))[0]!;
      const { id: company } = await one<{ id: string }>(sql`insert into companies (name) values ('A') returning id`);
      const { id: job } = await one<{ id: string }>(
        sql`insert into jobs (company_id, title, description) values (${company}, 'Engineer', 'Build') returning id`,
      );
      const stage = async (name: string, order: number) =>
        (
          await one<{ id: string }>(
            sql`insert into pipeline_stages (company_id, job_id, name, "order") values (${company}, ${job}, ${name}, ${order}) returning id`,
          )
        ).id;
      const applied = await stage("Applied", 1);
      const interview = await stage("Interview", 3);
      const rejected = await stage("Rejected", 4);
      // A stage deleted before the migration: its id is only in the history events.
      const screening = "00000000-0000-4000-8000-000000000002";
      const application = async (name: string, stageId: string, at: string) =>
        (
          await one<{ id: string }>(
            sql`insert into applications (company_id, job_id, candidate_name, candidate_email, current_pipeline_stage_id, created_at)
                values (${company}, ${job}, ${name}, ${`${name.toLowerCase()}@example.test`}, ${stageId}, ${at}) returning id`,
          )
        ).id;
      const moved = await application("Moved", interview, "2026-01-01T10:00:00Z");
      const stayed = await application("Stayed", applied, "2026-01-02T10:00:00Z");
      const dragged = await application("Dragged", rejected, "2026-01-03T10:00:00Z");
      const move = (applicationId: string, from: [string, string], to: [string, string], at: string) =>
        db.db.execute(sql`insert into activity_events (company_id, type, subject_type, subject_id, data, created_at)
          values (${company}, 'application_stage_moved', 'application', ${applicationId},
                  ${JSON.stringify({ candidateName: "x", jobId: job, fromStageId: from[0], fromStageName: from[1], toStageId: to[0], toStageName: to[1] })}::jsonb, ${at})`);
      await move(moved, [applied, "Applied"], [screening, "Screening"], "2026-01-05T10:00:00Z");
      await move(moved, [screening, "Screening"], [interview, "Interview"], "2026-01-08T10:00:00Z");
      await move(dragged, [applied, "Applied"], [rejected, "Rejected"], "2026-01-04T10:00:00Z");

      await db.migrate();
      const entries = await queryRows<{
        name: string;
        stage: string | null;
        entered: string;
        left: string | null;
      }>(
        db.db,
        sql`select a.candidate_name as name, e.stage_name as stage, e.stage_id is null as gone, to_char(e.entered_at at time zone 'UTC', 'MM-DD') as entered,
                   to_char(e.left_at at time zone 'UTC', 'MM-DD') as left
            from stage_entries e join applications a on a.id = e.application_id order by a.candidate_name, e.entered_at`,
      );
      expect(entries).toEqual([
        {
          name: "Dragged",
          stage: "Applied",
          gone: false,
          entered: "01-03",
          left: "01-04",
        },
        {
          name: "Dragged",
          stage: "Rejected",
          gone: false,
          entered: "01-04",
          left: null,
        },
        {
          name: "Moved",
          stage: "Applied",
          gone: false,
          entered: "01-01",
          left: "01-05",
        },
        {
          name: "Moved",
          stage: "Screening",
          gone: true,
          entered: "01-05",
          left: "01-08",
        },
        {
          name: "Moved",
          stage: "Interview",
          gone: false,
          entered: "01-08",
          left: null,
        },
        {
          name: "Stayed",
          stage: "Applied",
          gone: false,
          entered: "01-02",
          left: null,
        },
      ]);
      // The furthest stage leaves out Rejected: the dragged one got as far as Applied.
      expect(await queryRows(db.db, sql`select candidate_name as name, furthest_stage_id as furthest from applications order by candidate_name`)).toEqual([
        { name: "Dragged", furthest: applied },
        { name: "Moved", furthest: interview },
        { name: "Stayed", furthest: applied },
      ]);
      // And the reports' counts of them: January 2026 and its first block, one per furthest stage reached
      // (by source and stage: decision 148's other families are counted in the reports' own tests).
      expect(
        await queryRows(
          db.db,
          sql`select span, starts_on as "startsOn", furthest_stage_id as furthest, applications from report_counts
              where span in ('month', 'block') and source <> '*' and furthest_stage_id is not null order by span desc, starts_on, applications`,
        ),
      ).toEqual([
        { span: "month", startsOn: "2026-01-01", furthest: interview, applications: 1 },
        { span: "month", startsOn: "2026-01-01", furthest: applied, applications: 2 },
        { span: "block", startsOn: "2026-01-01", furthest: interview, applications: 1 },
        { span: "block", startsOn: "2026-01-01", furthest: applied, applications: 2 },
      ]);
      // Migration 0029 (decision 105): the stays that had ended, of stages still there (Screening is
      // gone), counted by their whole days; the history's copy of each application's time and source;
      // and when each application entered the stage it is in.
      expect(
        await queryRows(
          db.db,
          sql`select span, starts_on as "startsOn", stage_id as stage, days, stays from stage_stays where source = 'job_board' order by span desc, days`,
        ),
      ).toEqual([
        { span: "month", startsOn: "2026-01-01", stage: applied, days: 1, stays: 1 },
        { span: "month", startsOn: "2026-01-01", stage: applied, days: 4, stays: 1 },
        { span: "block", startsOn: "2026-01-01", stage: applied, days: 1, stays: 1 },
        { span: "block", startsOn: "2026-01-01", stage: applied, days: 4, stays: 1 },
      ]);
      // Migration 0032 (decision 106): the same stays by the stage's name, per UTC month and per day.
      expect(
        await queryRows(
          db.db,
          sql`select span, stage, days, sum(stays)::int as stays from stage_name_stays where source = 'job_board' group by 1, 2, 3 order by span desc, days`,
        ),
      ).toEqual([
        { span: "month", stage: "applied", days: 1, stays: 1 },
        { span: "month", stage: "applied", days: 4, stays: 1 },
        { span: "day", stage: "applied", days: 1, stays: 1 },
        { span: "day", stage: "applied", days: 4, stays: 1 },
      ]);
      // The counts by week (2025-12-29 is the Monday of the week of Jan 1–3, 2026).
      expect(await queryRows(db.db, sql`select starts_on as "startsOn", sum(applications)::int as applications from report_counts where span = 'week' group by 1`)).toEqual([
        { startsOn: "2025-12-29", applications: 3 },
      ]);
      // Under every source too.
      expect(await queryRows(db.db, sql`select source, sum(stays)::int as stays from stage_stays group by 1 order by 1`)).toEqual([
        { source: "*", stays: 4 },
        { source: "job_board", stays: 4 },
      ]);
      expect(await queryRows(db.db, sql`select count(*)::int as n from stage_entries e join applications a on a.id = e.application_id
        where e.applied_at <> a.created_at or e.source <> a.source`)).toEqual([{ n: 0 }]);
      expect(
        await queryRows(db.db, sql`select candidate_name as name, to_char(stage_entered_at at time zone 'UTC', 'MM-DD') as entered from applications order by 1`),
      ).toEqual([
        { name: "Dragged", entered: "01-04" },
        { name: "Moved", entered: "01-08" },
        { name: "Stayed", entered: "01-02" },
      ]);
      void stayed;
    } finally {
      await db.destroy();
    }
  });
});

describe("the scorecards' job on a database with scorecards (migration 0030, decision 105)", () => {
  it("gives each scorecard its application's job", async () => {
    const db = await createTestDatabase({ migrate: false });
    try {
      await migrateUpToBefore(db, "_scorecards_job");
      const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db.db, query))[0]!;
      const { id: company } = await one<{ id: string }>(sql`insert into companies (name) values ('A') returning id`);
      const { id: job } = await one<{ id: string }>(sql`insert into jobs (company_id, title, description) values (${company}, 'Engineer', 'Build') returning id`);
      const { id: application } = await one<{ id: string }>(
        sql`insert into applications (company_id, job_id, candidate_name, candidate_email) values (${company}, ${job}, 'Ada', 'ada@example.test') returning id`,
      );
      await db.db.execute(sql`insert into "user" (id, name, email) values ('author-1', 'Author', 'author@example.test')`);
      await db.db.execute(sql`insert into scorecards (company_id, application_id, author_id, recommendation, submitted_at)
                              values (${company}, ${application}, 'author-1', 'yes', now())`);
      await db.migrate();
      expect(await queryRows(db.db, sql`select job_id as "jobId" from scorecards`)).toEqual([{ jobId: job }]);
    } finally {
      await db.destroy();
    }
  });
});

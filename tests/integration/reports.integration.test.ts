import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, applications, companies, emailMessages, interviews, jobs } from "../../db/schema";
import { changeApplicationStatus, hireApplication, moveApplication } from "~/server/applications/pipeline.server";
import { listApplications } from "~/server/applications/queries.server";
import { updateJob } from "~/server/jobs/jobs.server";
import { queryRows } from "~/server/platform/db.server";
import {
  applicationsReport,
  funnelReport,
  jobHealthReport,
  reportedApplicationsFrom,
  reportedApplicationsOf,
  sourcesReport,
  stuckSince,
} from "~/server/reports/reports.server";
import { speedReport } from "~/server/reports/speed.server";
import { teamReport } from "~/server/reports/team.server";
import { reportTiers } from "~/server/reports/tiers.server";
import { jobVolumes, volumeReport } from "~/server/reports/volume.server";
import { saveScorecard } from "~/server/applications/scorecards.server";
import { sendEmailToCandidate } from "~/server/mail/candidate-emails.server";
import { createMailer, type MailTransport } from "~/server/mail/mailer.server";
import { dayAfter, daysBefore } from "~/lib/report-filters";
import { reportCsv } from "~/server/reports/export.server";
import { shownReportFilters } from "~/lib/report-filters";
import { setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { loader as reportsLoader } from "~/routes/staff/reports";
import { loader as reportsExportLoader } from "~/routes/staff/reports-export";
import { TZ_COOKIE } from "~/lib/time-zone-cookie";
import { createMember, createStaff, createTestApplication, createTestJob, jobInput, rejectFor, SAMPLE_FORM_SCHEMA, setJobStatusDirectly } from "../factories";
import { callLoader, setUpAppTestDatabase } from "../helpers/route-test";

// Decision 104: reports count the stage history the database keeps. The data set below is crafted so
// that each answer can be worked out by hand: a stage deleted after candidates passed it, a rename, a
// candidate rejected then restored, a card dragged onto a stage named Rejected, and days that cross
// New York's change to summer time (2026-03-08, 02:00 EST → 03:00 EDT).

const ctx = setUpAppTestDatabase();
const NEW_YORK = "America/New_York";

type More = { job?: string; source?: "campaign" | "job_board"; member?: string };

/** The page's filters for the days (as its URL gives them). */
const shownFor = (from: string, to: string, more: More = {}) => shownReportFilters({ from, to, ...more }, to);

/** The report's filters for the days, read in New York. */
const inNewYork = (from: string, to: string, more: More = {}) => reportedApplicationsOf(shownFor(from, to, more), NEW_YORK);

async function craft() {
  const { t } = ctx;
  const { staff, cookie } = await createStaff(t.db, t.auth);
  const stageNames = ["Applied", "Screening", "Interview", "Offer", "Hired", "Rejected"];
  const job = await createTestJob(t.db, staff, {
    form_schema: SAMPLE_FORM_SCHEMA,
    stages: stageNames.map((name) => ({ name })),
  });
  const stage = Object.fromEntries(job.stages.map((s) => [s.name, s.id])) as Record<string, string>;
  const at = (iso: string) => new Date(iso);
  // In the range 2026-03-07 … 2026-03-10 in New York:
  const hired = await createTestApplication(t.db, job, {
    candidateName: "Hired Hopper",
    createdAt: at("2026-03-08T04:30:00Z"),
  }); // Mar 7, 23:30 EST
  const restored = await createTestApplication(t.db, job, {
    candidateName: "Restored Ritchie",
    createdAt: at("2026-03-08T16:00:00Z"),
  }); // Mar 8, 12:00 EDT
  const rejected = await createTestApplication(t.db, job, {
    candidateName: "Rejected Ryan",
    createdAt: at("2026-03-09T15:00:00Z"),
  });
  const late = await createTestApplication(t.db, job, {
    candidateName: "Late Lamport",
    createdAt: at("2026-03-11T02:00:00Z"),
  }); // Mar 10, 22:00 EDT
  const dragged = await createTestApplication(t.db, job, {
    candidateName: "Dragged Dijkstra",
    createdAt: at("2026-03-09T18:00:00Z"),
  });
  // Outside it: Mar 6, 23:59 EST (Mar 7 in UTC), and Mar 11, 00:30 EDT.
  const early = await createTestApplication(t.db, job, {
    candidateName: "Early Euler",
    createdAt: at("2026-03-07T04:59:00Z"),
  });
  const after = await createTestApplication(t.db, job, {
    candidateName: "After Abel",
    createdAt: at("2026-03-11T04:30:00Z"),
  });

  for (const s of ["Screening", "Interview", "Offer"]) await moveApplication(t.db, staff, hired.id, stage[s]!);
  await hireApplication(t.db, staff, hired.id, "2026-04-01");
  await moveApplication(t.db, staff, restored.id, stage.Screening!);
  await moveApplication(t.db, staff, restored.id, stage.Interview!);
  await rejectFor(t.db, staff, restored.id);
  await changeApplicationStatus(t.db, staff, restored.id, "active");
  await moveApplication(t.db, staff, rejected.id, stage.Screening!);
  await moveApplication(t.db, staff, rejected.id, stage.Interview!);
  await rejectFor(t.db, staff, rejected.id);
  await moveApplication(t.db, staff, dragged.id, stage.Rejected!);
  await moveApplication(t.db, staff, early.id, stage.Offer!);
  await moveApplication(t.db, staff, after.id, stage.Offer!);
  await t.db.update(applications).set({ source: "campaign", sourceDetail: "spring-newsletter" }).where(eq(applications.id, late.id));
  // Interviews: two for the hire (counted once), one cancelled for the restored one.
  const interview = (applicationId: string, cancelled: boolean) => ({
    companyId: staff.companyId,
    applicationId,
    title: "Interview",
    startsAt: at("2026-03-20T15:00:00Z"),
    durationMinutes: 45,
    timeZone: NEW_YORK,
    uid: `${crypto.randomUUID()}@test`,
    cancelledAt: cancelled ? at("2026-03-19T10:00:00Z") : null,
  });
  await t.db.insert(interviews).values([interview(hired.id, false), interview(hired.id, false), interview(restored.id, true)]);

  // Screening goes, after every candidate passed it (nobody is in it now).
  const kept = ["Applied", "Interview", "Offer", "Hired", "Rejected"].map((name) => ({ id: stage[name]!, name }));
  await updateJob(t.db, staff, job.id, {
    ...jobInput({ form_schema: SAMPLE_FORM_SCHEMA, stages: kept }),
    stage_moves: {},
  });
  return {
    staff,
    cookie,
    job,
    stage,
    ids: { hired, restored, rejected, late, dragged, early, after },
  };
}

describe("the stage history", () => {
  it("holds every stage an application was in, by name, after the stage is deleted", async () => {
    const { t } = ctx;
    const { ids } = await craft();
    const rows = await queryRows<{
      stage_name: string;
      stage_id: string | null;
      left: boolean;
    }>(
      t.db,
      sql`select stage_name, stage_id, left_at is not null as left from stage_entries where application_id = ${ids.rejected.id} order by entered_at, seq`,
    );
    expect(rows.map((row) => [row.stage_name, row.stage_id === null, row.left])).toEqual([
      ["Applied", false, true],
      ["Screening", true, true],
      ["Interview", false, false],
    ]);
  });
});

describe("the funnel", () => {
  it("counts how far each application got, across a deleted stage, a restored rejection and a summer-time change", async () => {
    const { staff, job } = await craft();
    const funnel = await funnelReport(ctx.t.db, staff, inNewYork("2026-03-07", "2026-03-10", { job: job.id }));
    // Applied 5 (Hopper, Ritchie, Ryan, Lamport, Dijkstra); Interview: Hopper, Ritchie, Ryan; Offer and
    // Hired: Hopper. Dijkstra was dragged onto Rejected, which is not a step: he got as far as Applied.
    expect(funnel.applications).toBe(5);
    expect(funnel.steps).toEqual([
      { stage: "Applied", reached: 5, conversion: null, dropOff: 0 },
      { stage: "Interview", reached: 3, conversion: 60, dropOff: 2 },
      { stage: "Offer", reached: 1, conversion: 33, dropOff: 2 },
      { stage: "Hired", reached: 1, conversion: 100, dropOff: 0 },
    ]);
  });

  it("follows a renamed and a reordered stage", async () => {
    const { t } = ctx;
    const { staff, job, stage } = await craft();
    const stages = (names: [string, string][]) => names.map(([key, name]) => ({ id: stage[key]!, name }));
    await updateJob(t.db, staff, job.id, {
      ...jobInput({
        form_schema: SAMPLE_FORM_SCHEMA,
        stages: stages([
          ["Applied", "Applied"],
          ["Offer", "Offer"],
          ["Interview", "Onsite"],
          ["Hired", "Hired"],
          ["Rejected", "Rejected"],
        ]),
      }),
      stage_moves: {},
    });
    const funnel = await funnelReport(t.db, staff, inNewYork("2026-03-07", "2026-03-10", { job: job.id }));
    // Offer now comes before Onsite: whoever reached Onsite got past Offer.
    expect(funnel.steps.map((step) => [step.stage, step.reached])).toEqual([
      ["Applied", 5],
      ["Offer", 3],
      ["Onsite", 3],
      ["Hired", 1],
    ]);
  });

  it("counts the days where the reader is, and lists exactly the applications behind each number", async () => {
    const { t } = ctx;
    const { staff, job, ids } = await craft();
    const range = inNewYork("2026-03-07", "2026-03-10", { job: job.id });
    const names = async (filters: object) =>
      (
        await listApplications(t.db, staff, {
          jobId: job.id,
          ...range,
          ...filters,
        })
      ).rows
        .map((row) => row.candidateName)
        .sort();
    expect(await names({ reached: "Interview" })).toEqual(["Hired Hopper", "Rejected Ryan", "Restored Ritchie"]);
    expect(await names({ reached: "hired" })).toEqual(["Hired Hopper"]);
    expect(await names({ hired: true })).toEqual(["Hired Hopper"]);
    expect(await names({ interviewed: true })).toEqual(["Hired Hopper"]);
    expect(await names({ source: "campaign" })).toEqual(["Late Lamport"]);
    // In UTC the same days would hold Euler (Mar 7, 04:59 UTC) and not Lamport (Mar 11, 02:00 UTC).
    const utc = reportedApplicationsFrom({ applied_from: "2026-03-07", applied_to: "2026-03-10" }, "UTC");
    expect((await funnelReport(t.db, staff, { jobId: job.id, ...utc })).applications).toBe(5);
    expect(await names({ ...utc })).toContain("Early Euler");
    expect(await names({ ...utc })).not.toContain("Late Lamport");
    void ids;
  });

  it("puts the stages of all jobs in the jobs' order, by name", async () => {
    const { t } = ctx;
    const { staff } = await craft();
    const short = await createTestJob(t.db, staff, {
      form_schema: SAMPLE_FORM_SCHEMA,
      stages: [{ name: "Applied" }, { name: "Phone call" }, { name: "Hired" }],
    });
    const one = await createTestApplication(t.db, short, {
      createdAt: new Date("2026-03-09T12:00:00Z"),
    });
    await moveApplication(t.db, staff, one.id, short.stages[1]!.id);
    const funnel = await funnelReport(t.db, staff, inNewYork("2026-03-07", "2026-03-10"));
    expect(funnel.applications).toBe(6);
    expect(funnel.steps.map((step) => [step.stage, step.reached])).toEqual([
      ["Applied", 6],
      ["Interview", 3],
      ["Phone call", 1],
      ["Offer", 1],
      ["Hired", 1],
    ]);
  });
});

describe("sources", () => {
  it("count applications, interviews that were not cancelled, and hires per source", async () => {
    const { t } = ctx;
    const { staff, job } = await craft();
    const rows = await sourcesReport(t.db, staff, inNewYork("2026-03-07", "2026-03-10", { job: job.id }));
    expect(rows).toEqual([
      {
        source: "job_board",
        applications: 4,
        interviewed: 1,
        hired: 1,
        conversion: 25,
      },
      {
        source: "campaign",
        applications: 1,
        interviewed: 0,
        hired: 0,
        conversion: 0,
      },
    ]);
    const csv = await reportCsv(t.db, staff, "sources", shownFor("2026-03-07", "2026-03-10", { job: job.id }), NEW_YORK);
    expect(csv.split("\r\n")).toEqual(["\uFEFFSource,Applications,Interviewed,Hired,Share hired %", "Job board,4,1,1,25", "Campaign,1,0,0,0", ""]);
  });
});

describe("the monthly counts", () => {
  /**
   * Every key whose count differs from a count of the applications (none, when they are right), in
   * the three families of decision 148: by source alone (every span; the weeks only so, decision
   * 106), under source '*' by furthest stage (months, blocks, UTC days) and by both (months, blocks).
   */
  async function wrongCounts() {
    return queryRows(
      ctx.t.db,
      sql`with real as (
            select a.company_id, p.span, p.starts_on, a.job_id, k.source, k.furthest_stage_id, count(*)::int as n,
                   (count(*) filter (where a.hired_on is not null))::int as hired, (count(*) filter (where a.interviews > 0))::int as interviewed
            from applications a
            cross join lateral (values ('month', date_trunc('month', a.created_at at time zone 'UTC')::date), ('block', report_block_start(a.created_at)),
                                       ('week', date_trunc('week', a.created_at at time zone 'UTC')::date), ('day', (a.created_at at time zone 'UTC')::date)) as p(span, starts_on)
            cross join lateral (values (a.source, null::uuid, true),
                                       ('*', a.furthest_stage_id, a.furthest_stage_id is not null and p.span <> 'week'),
                                       (a.source, a.furthest_stage_id, a.furthest_stage_id is not null and p.span in ('month', 'block'))) as k(source, furthest_stage_id, kept)
            where k.kept
            group by 1, 2, 3, 4, 5, 6)
          select * from real full join (select * from report_counts where applications <> 0 or hired <> 0 or interviewed <> 0) c
            on c.company_id = real.company_id and c.span = real.span and c.starts_on = real.starts_on and c.job_id = real.job_id and c.source = real.source
           and c.furthest_stage_id is not distinct from real.furthest_stage_id
          where (c.applications, c.hired, c.interviewed) is distinct from (real.n, real.hired, real.interviewed)`,
    );
  }

  it("follow inserts, moves, hires, interviews, source changes, stage changes and deletes", async () => {
    const { t } = ctx;
    const { ids, job, stage, staff } = await craft();
    expect(await wrongCounts()).toEqual([]);
    await t.db.update(interviews).set({ cancelledAt: new Date() }).where(eq(interviews.applicationId, ids.hired.id));
    await t.db.update(applications).set({ source: "referrer" }).where(eq(applications.id, ids.early.id));
    await t.db.delete(applications).where(eq(applications.id, ids.after.id));
    await moveApplication(t.db, staff, ids.late.id, stage.Offer!);
    const kept = ["Applied", "Offer", "Interview", "Hired", "Rejected"].map((name) => ({ id: stage[name]!, name }));
    await updateJob(t.db, staff, job.id, { ...jobInput({ form_schema: SAMPLE_FORM_SCHEMA, stages: kept }), stage_moves: {} });
    expect(await wrongCounts()).toEqual([]);
  });

  it("answer what the applications answer: whole months from the counts, the days at either end from the applications", async () => {
    const { t } = ctx;
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, stages: [{ name: "Applied" }, { name: "Screening" }, { name: "Hired" }] });
    // Around the edges of 2026-01-15 … 2026-04-10 in New York, and the months between.
    const times = ["2026-01-15T04:59:00Z", "2026-01-15T05:00:00Z", "2026-01-31T23:30:00Z", "2026-02-01T00:30:00Z", "2026-02-28T12:00:00Z", "2026-03-31T23:59:59Z"];
    times.push("2026-04-01T00:00:00Z", "2026-04-11T03:59:00Z", "2026-04-11T04:00:00Z");
    for (const [index, at] of times.entries()) {
      const made = await createTestApplication(t.db, job, { createdAt: new Date(at) });
      if (index % 2 === 0) await moveApplication(t.db, staff, made.id, job.stages[1]!.id);
      if (index % 3 === 0) await t.db.update(applications).set({ source: "campaign" }).where(eq(applications.id, made.id));
    }
    const range = inNewYork("2026-01-15", "2026-04-10");
    // A hiring manager on the job's team counts from the applications alone (their scope is theirs).
    const manager = (await createMember(t.db, t.auth, staff, "hiring_manager")).staff;
    await setHiringTeamMember(t.db, staff, job.id, manager.userId, "hiring_manager");
    const fromCounts = await applicationsReport(t.db, staff, range);
    const fromApplications = await applicationsReport(t.db, manager, range);
    expect(fromCounts).toEqual(fromApplications);
    // Their own report, of their team's jobs (the page's default for them), reads the counts too.
    expect(await applicationsReport(t.db, manager, { ...range, memberId: manager.userId })).toEqual(fromApplications);
    // Of one source: its funnel from the rows by source and stage, its sources from the rows by source (decision 148).
    const ofCampaign = await applicationsReport(t.db, staff, { ...range, source: "campaign" });
    expect(ofCampaign).toEqual(await applicationsReport(t.db, manager, { ...range, source: "campaign" }));
    expect(ofCampaign.funnel.applications).toBe(2);
    // Time in stage likewise: the stays' counts and the history answer the same (decision 105).
    const now = new Date();
    const speed = await speedReport(t.db, staff, range, NEW_YORK, 14, now);
    expect(speed).toEqual(await speedReport(t.db, manager, range, NEW_YORK, 14, now));
    // The three moved in the days (every other one) left Applied.
    expect(speed.timeInStage.map((row) => [row.stage, row.stays])).toEqual([["Applied", 3]]);
    // Of one source, from its own rows: of the campaign's moved ones, the first is out of the days, the seventh in.
    const campaign = await speedReport(t.db, staff, { ...range, source: "campaign" }, NEW_YORK, 14, now);
    expect(campaign).toEqual(await speedReport(t.db, manager, { ...range, source: "campaign" }, NEW_YORK, 14, now));
    expect(campaign.timeInStage.map((row) => [row.stage, row.stays])).toEqual([["Applied", 1]]);
    // Of a team member's jobs (their jobs read as an array, decision 121): the same, from the per-job counts.
    expect(await speedReport(t.db, staff, { ...range, memberId: manager.userId }, NEW_YORK, 14, now)).toEqual(speed);
    expect(await speedReport(t.db, staff, { ...range, memberId: manager.userId, source: "campaign" }, NEW_YORK, 14, now)).toEqual(campaign);
    expect((await speedReport(t.db, staff, { ...range, memberId: staff.userId }, NEW_YORK, 14, now)).timeInStage).toEqual([]);
    // Jan 15 04:59 UTC is Jan 14 in New York; Apr 11 04:00 UTC is Apr 11 there.
    expect(fromCounts.funnel.applications).toBe(7);
    expect(fromCounts.sources.map((row) => [row.source, row.applications])).toEqual([
      ["job_board", 5],
      ["campaign", 2],
    ]);
  });

  it("are read for one source and one job without reading other rows: both lead the days in the stays' read indexes", async () => {
    // Every read of the stays names one source (`*` for all) and, per job, one job or a member's jobs
    // (a report of every job reads the stays by name); with the days before them, a year of a team
    // member's jobs read every source's rows of every job (decision 121).
    const rows = await queryRows<{ name: string; def: string }>(
      ctx.t.db,
      sql`select indexname as name, indexdef as def from pg_indexes
          where indexname in ('stage_stays_read_idx', 'stage_name_stays_read_idx') order by 1`,
    );
    expect(rows.map(({ name, def }) => [name, def.replace(/^.*\((.*)\)$/, "$1")])).toEqual([
      ["stage_name_stays_read_idx", "company_id, span, source, starts_on, stage, days, stays"],
      ["stage_stays_read_idx", "company_id, span, source, job_id, starts_on, stage_id, days, stays"],
    ]);
  });
});

describe("speed", () => {
  /**
   * Every key whose count of stays differs from a count of the ended stays in the history, each under
   * its application's source and every source, `*` (none, when they are right).
   */
  async function wrongStays() {
    return queryRows(
      ctx.t.db,
      sql`with real as (
            select e.company_id, p.span, p.starts_on, e.job_id, src.source, e.stage_id, stage_stay_days(e.entered_at, e.left_at) as days, count(*)::int as n
            from stage_entries e join applications a on a.id = e.application_id
            cross join lateral (values ('month', date_trunc('month', a.created_at at time zone 'UTC')::date), ('block', report_block_start(a.created_at))) as p(span, starts_on)
            cross join lateral (values (a.source), ('*')) as src(source)
            where e.left_at is not null and e.stage_id is not null
            group by 1, 2, 3, 4, 5, 6, 7)
          select * from real full join (select * from stage_stays where stays <> 0) c
            on c.company_id = real.company_id and c.span = real.span and c.starts_on = real.starts_on and c.job_id = real.job_id and c.source = real.source
           and c.stage_id = real.stage_id and c.days = real.days
          where c.stays is distinct from real.n`,
    );
  }

  /**
   * The same for the stays by stage name (decision 106): every key whose count differs from the ended
   * stays in the history of stages still there, by the stage's name now, per UTC month and day.
   */
  async function wrongNameStays() {
    return queryRows(
      ctx.t.db,
      sql`with real as (
            select e.company_id, p.span, p.starts_on, src.source, lower(s.name) as stage, stage_stay_days(e.entered_at, e.left_at) as days, count(*)::int as n
            from stage_entries e join applications a on a.id = e.application_id join pipeline_stages s on s.id = e.stage_id
            cross join lateral (values ('month', date_trunc('month', a.created_at at time zone 'UTC')::date), ('day', (a.created_at at time zone 'UTC')::date)) as p(span, starts_on)
            cross join lateral (values (a.source), ('*')) as src(source)
            where e.left_at is not null
            group by 1, 2, 3, 4, 5, 6)
          select * from real full join (select * from stage_name_stays where stays <> 0) c
            on c.company_id = real.company_id and c.span = real.span and c.starts_on = real.starts_on and c.source = real.source
           and c.stage = real.stage and c.days = real.days
          where c.stays is distinct from real.n`,
    );
  }

  /** Makes the ended stay of an application in a stage (by name) last `length` (an SQL interval). */
  async function stayed(applicationId: string, stage: string, length: string) {
    await ctx.t.db.execute(
      sql`update stage_entries set left_at = entered_at + ${length}::interval where application_id = ${applicationId} and stage_name = ${stage} and left_at is not null`,
    );
  }

  it("measures time to hire and to fill in the reader's days, time in each stage, and who is stuck", async () => {
    const { t } = ctx;
    const { staff, job, stage, ids } = await craft();
    // Opened Mar 1 in New York; Ritchie (restored after a rejection) hired Mar 20, Hopper Apr 1.
    await t.db.update(jobs).set({ publishedAt: new Date("2026-03-01T17:00:00Z") }).where(eq(jobs.id, job.id));
    await hireApplication(t.db, staff, ids.restored.id, "2026-03-20");
    // Every stay that ended lasted an hour, but these (Screening, deleted, is counted no more):
    await t.db.execute(sql`update stage_entries set left_at = entered_at + interval '1 hour' where job_id = ${job.id} and left_at is not null`);
    await stayed(ids.hired.id, "Applied", "2 days 1 hour"); // across New York's change to summer time
    await stayed(ids.restored.id, "Applied", "3 days 23 hours");
    await stayed(ids.rejected.id, "Applied", "6 days");
    await stayed(ids.hired.id, "Interview", "10 days");
    await stayed(ids.restored.id, "Interview", "4 days");
    await stayed(ids.hired.id, "Offer", "23 hours 59 minutes");
    expect(await wrongStays()).toEqual([]);
    expect(await wrongNameStays()).toEqual([]);

    const range = inNewYork("2026-03-07", "2026-03-10", { job: job.id });
    const now = new Date();
    const speed = await speedReport(t.db, staff, range, NEW_YORK, 14, now);
    // Hopper applied Mar 7 (23:30 EST) and was hired Apr 1: 25 days; Ritchie Mar 8 to Mar 20: 12 days.
    // Median (12 + 25) / 2; 75th percentile 12 + 0.75 × 13.
    expect(speed.timeToHire).toEqual({ count: 2, median: 18.5, p75: 21.8 });
    // The job's first hire, Mar 20, 19 days after it opened.
    expect(speed.timeToFill).toEqual({ count: 1, median: 19, p75: 19 });
    // Applied: Dijkstra's hour (0 days; he went on to Rejected), 2, 3 and 6 days: the second of the four is 2.
    // Interview: 4 and 10 days; Offer: under a day.
    expect(speed.timeInStage).toEqual([
      { stage: "Applied", stays: 4, median: 2 },
      { stage: "Interview", stays: 2, median: 4 },
      { stage: "Offer", stays: 1, median: 0 },
    ]);
    // Waiting more than 14 days: Lamport, in Applied since March. Not Ryan (rejected), not the hires, and
    // not Dijkstra, on the stage named Rejected.
    expect(speed.stuck).toEqual([{ stage: "Applied", waiting: 1 }]);
    const waiting = await listApplications(t.db, staff, { jobId: job.id, ...range, waitingSince: stuckSince(14, now), waitingIn: "applied" });
    expect(waiting.rows.map((row) => row.candidateName)).toEqual(["Late Lamport"]);
    // In UTC Hopper applied on Mar 8: 24 days; Lamport (Mar 11 UTC) falls out of the days.
    const utc = await speedReport(t.db, staff, { jobId: job.id, ...reportedApplicationsFrom({ applied_from: "2026-03-07", applied_to: "2026-03-10" }, "UTC") }, "UTC");
    expect(utc.timeToHire).toMatchObject({ count: 2, median: 18 });
    expect(utc.stuck).toEqual([]);

    // Moving him on takes him out of the stuck, and his months in Applied make its middle stay 3 days of
    // five; the CSV holds the page's numbers.
    await moveApplication(t.db, staff, ids.late.id, stage.Interview!);
    expect((await speedReport(t.db, staff, range, NEW_YORK, 14)).stuck).toEqual([]);
    const csv = await reportCsv(t.db, staff, "speed", shownFor("2026-03-07", "2026-03-10", { job: job.id }), NEW_YORK);
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFMeasure,Stage,Count,Median days,75th percentile days",
      "Time to hire,,2,18.5,21.8",
      "Time to fill,,1,19,19",
      "Time in stage,Applied,5,3,",
      "Time in stage,Interview,2,4,",
      "Time in stage,Offer,1,0,",
      "",
    ]);
  });

  it("counts stays as they end, change, lose their stage or go with their application", async () => {
    const { t } = ctx;
    const { ids, job, stage, staff } = await craft();
    expect(await wrongStays()).toEqual([]);
    await moveApplication(t.db, staff, ids.late.id, stage.Offer!);
    await stayed(ids.late.id, "Applied", "9 days");
    await t.db.update(applications).set({ source: "referrer" }).where(eq(applications.id, ids.rejected.id));
    await t.db.delete(applications).where(eq(applications.id, ids.after.id));
    const kept = ["Applied", "Interview", "Hired", "Rejected"].map((name) => ({ id: stage[name]!, name }));
    await updateJob(t.db, staff, job.id, { ...jobInput({ form_schema: SAMPLE_FORM_SCHEMA, stages: kept }), stage_moves: { [stage.Offer!]: stage.Interview! } });
    expect(await wrongStays()).toEqual([]);
    expect(await wrongNameStays()).toEqual([]);

    // By name (decision 106): a renamed stage's stays go with its new name, and a job deleted takes its
    // stays out, as does its company.
    const renamed = kept.map((kept) => (kept.name === "Interview" ? { ...kept, name: "Onsite" } : kept));
    await updateJob(t.db, staff, job.id, { ...jobInput({ form_schema: SAMPLE_FORM_SCHEMA, stages: renamed }), stage_moves: {} });
    expect(await wrongNameStays()).toEqual([]);
    const names = await queryRows<{ stage: string }>(t.db, sql`select distinct stage from stage_name_stays where company_id = ${staff.companyId} and stays <> 0 order by 1`);
    expect(names.map((row) => row.stage)).toEqual(["applied", "onsite"]);
    const other = await craft();
    expect(await wrongNameStays()).toEqual([]);
    await t.db.delete(jobs).where(eq(jobs.id, other.job.id));
    expect(await wrongNameStays()).toEqual([]);
    await t.db.delete(companies).where(eq(companies.id, staff.companyId));
    expect(await wrongNameStays()).toEqual([]);
    expect(await wrongStays()).toEqual([]);
  });
});

describe("volume", () => {
  it("counts applications per week where the reader is, hires per month, and each job's", async () => {
    const { t } = ctx;
    const { staff } = await createStaff(t.db, t.auth);
    const job = await createTestJob(t.db, staff, { title: "Main Opening", form_schema: SAMPLE_FORM_SCHEMA, stages: [{ name: "Applied" }, { name: "Hired" }] });
    const other = await createTestJob(t.db, staff, { title: "Other Opening", form_schema: SAMPLE_FORM_SCHEMA });
    // Around the weeks' edges: New York is 5 hours behind UTC until Mar 8 and 4 after; Kolkata 5½ ahead.
    const made: Record<string, string> = {};
    for (const at of ["2026-03-01T20:00:00Z", "2026-03-02T04:30:00Z", "2026-03-02T05:30:00Z", "2026-03-09T03:30:00Z", "2026-03-09T04:30:00Z", "2026-03-16T12:00:00Z"]) {
      made[at] = (await createTestApplication(t.db, at.startsWith("2026-03-16") ? other : job, { createdAt: new Date(at) })).id;
    }
    await hireApplication(t.db, staff, made["2026-03-02T05:30:00Z"]!, "2026-03-20");
    await hireApplication(t.db, staff, made["2026-03-16T12:00:00Z"]!, "2026-05-02");
    // A hiring manager on both jobs' teams counts from the applications alone: the same answers.
    const manager = (await createMember(t.db, t.auth, staff, "hiring_manager")).staff;
    for (const id of [job.id, other.id]) await setHiringTeamMember(t.db, staff, id, manager.userId, "hiring_manager");
    const weeksIn = async (timeZone: string) => {
      const shown = shownFor("2026-02-23", "2026-03-22");
      const filters = reportedApplicationsOf(shown, timeZone);
      const volume = await volumeReport(t.db, staff, shown, filters, timeZone);
      expect(volume).toEqual(await volumeReport(t.db, manager, shown, filters, timeZone));
      return volume;
    };
    // New York: Mar 1 15:00 and 23:30 (EST) are in the week of Feb 23; Mar 8 23:30 (EDT) is in the week of Mar 2.
    const newYork = await weeksIn(NEW_YORK);
    expect(newYork.weeks).toEqual([
      { from: "2026-02-23", to: "2026-03-01", applications: 2 },
      { from: "2026-03-02", to: "2026-03-08", applications: 2 },
      { from: "2026-03-09", to: "2026-03-15", applications: 1 },
      { from: "2026-03-16", to: "2026-03-22", applications: 1 },
    ]);
    // Kolkata: Mar 1 20:00 UTC is already Monday, Mar 2 there.
    expect((await weeksIn("Asia/Kolkata")).weeks.map((week) => week.applications)).toEqual([0, 3, 2, 1]);
    // Hires by the month of their hire day, from the days' first month to the last hire's.
    expect(newYork.months).toEqual([
      { month: "2026-02", hires: 0 },
      { month: "2026-03", hires: 1 },
      { month: "2026-04", hires: 0 },
      { month: "2026-05", hires: 1 },
    ]);
    // A week cut by the report's days counts its days only; the list behind a week and a month agrees.
    const cut = shownFor("2026-03-04", "2026-03-10");
    expect((await volumeReport(t.db, staff, cut, reportedApplicationsOf(cut, NEW_YORK), NEW_YORK)).weeks).toEqual([
      { from: "2026-03-04", to: "2026-03-08", applications: 1 },
      { from: "2026-03-09", to: "2026-03-10", applications: 1 },
    ]);
    const listed = async (query: Parameters<typeof reportedApplicationsFrom>[0]) =>
      (await listApplications(t.db, staff, reportedApplicationsFrom(query, NEW_YORK))).rows.map((row) => row.id).sort();
    expect(await listed({ applied_from: "2026-03-02", applied_to: "2026-03-08" })).toEqual([made["2026-03-02T05:30:00Z"], made["2026-03-09T03:30:00Z"]].sort());
    expect(await listed({ applied_from: "2026-02-23", applied_to: "2026-03-22", hired_month: "2026-05" })).toEqual([made["2026-03-16T12:00:00Z"]]);
    // Each job's applications and hires, the most first; the CSV files hold the same.
    const jobs = await jobVolumes(t.db, staff, shownFor("2026-02-23", "2026-03-22"), reportedApplicationsOf(shownFor("2026-02-23", "2026-03-22"), NEW_YORK), NEW_YORK);
    expect(jobs.map((row) => [row.title, row.applications, row.hired])).toEqual([
      ["Main Opening", 5, 1],
      ["Other Opening", 1, 1],
    ]);
    const file = (report: "weeks" | "hires" | "job-volume") => reportCsv(t.db, staff, report, shownFor("2026-02-23", "2026-03-22"), NEW_YORK);
    expect((await file("weeks")).split("\r\n")[2]).toBe("2026-03-02,2026-03-08,2");
    expect((await file("hires")).split("\r\n")).toEqual(["\uFEFFMonth,Hires", "2026-02,0", "2026-03,1", "2026-04,0", "2026-05,1", ""]);
    expect((await file("job-volume")).split("\r\n")[2]).toBe("Other Opening,1,1");
  });
});

describe("team activity", () => {
  /** Every key whose count differs from a count of the history events and the members' emails (none, when they are right). */
  async function wrongTeamCounts() {
    return queryRows(
      ctx.t.db,
      sql`with real as (
            select x.company_id, p.span, p.starts_on, x.job_id, member_id, kind, sum(n)::int as n from (
              select e.company_id, e.created_at as at, (e.data->>'jobId')::uuid as job_id, e.actor_id as member_id, k.kind, 1 as n
              from activity_events e cross join lateral team_activity_kinds(e.type, e.data) k where e.actor_id is not null
              union all
              select m.company_id, m.created_at, a.job_id, m.sent_by, 'emailed', 1
              from email_messages m join applications a on a.id = m.application_id where m.sent_by is not null and m.status <> 'cancelled') x
            -- A deleted job's counts go with it (the history keeps its events).
            join jobs j on j.id = x.job_id
            cross join lateral team_spans(x.at) p
            group by 1, 2, 3, 4, 5, 6)
          select * from real full join (select * from team_counts where n <> 0) c
            on c.company_id = real.company_id and c.span = real.span and c.starts_on = real.starts_on and c.job_id = real.job_id
           and c.member_id = real.member_id and c.kind = real.kind
          where c.n is distinct from real.n`,
    );
  }

  /** Every key whose total over every job differs from a count of the history events and the members' emails. */
  async function wrongTeamTotals() {
    return queryRows(
      ctx.t.db,
      sql`with real as (
            select x.company_id, p.span, p.starts_at, member_id, kind, sum(n)::int as n from (
              select e.company_id, e.created_at as at, (e.data->>'jobId')::uuid as job_id, e.actor_id as member_id, k.kind, 1 as n
              from activity_events e cross join lateral team_activity_kinds(e.type, e.data) k where e.actor_id is not null
              union all
              select m.company_id, m.created_at, a.job_id, m.sent_by, 'emailed', 1
              from email_messages m join applications a on a.id = m.application_id where m.sent_by is not null and m.status <> 'cancelled') x
            join jobs j on j.id = x.job_id
            cross join lateral team_total_spans(x.at) p
            group by 1, 2, 3, 4, 5)
          select * from real full join (select * from team_totals where n <> 0) c
            on c.company_id = real.company_id and c.span = real.span and c.starts_at = real.starts_at
           and c.member_id = real.member_id and c.kind = real.kind
          where c.n is distinct from real.n`,
    );
  }

  it("counts each member's moves, feedback by recommendation and emails in the reader's days", async () => {
    const { t } = ctx;
    const { staff, job, ids } = await craft();
    const recruiter = (await createMember(t.db, t.auth, staff, "recruiter", { fullName: "Rosa Recruiter" })).staff;
    const mailer = createMailer(t.db, { kind: "log", async deliver() {} } as MailTransport);
    await saveScorecard(t.db, recruiter, ids.hired.id, { submit: true, recommendation: "strong_yes", notes: "", ratings: {} });
    await saveScorecard(t.db, recruiter, ids.restored.id, { submit: true, recommendation: "no", notes: "", ratings: {} });
    await saveScorecard(t.db, recruiter, ids.late.id, { submit: false, recommendation: "yes", notes: "", ratings: {} }); // a draft: not feedback yet
    await saveScorecard(t.db, staff, ids.restored.id, { submit: true, recommendation: "yes", notes: "", ratings: {} });
    await sendEmailToCandidate(t.db, recruiter, ids.late.id, { subject: "Hello", body: "Are you free?" }, mailer);
    const { id: cancelled } = await sendEmailToCandidate(t.db, recruiter, ids.late.id, { subject: "Oops", body: "Sent by mistake" }, mailer);
    await mailer.idle();
    await t.db.update(emailMessages).set({ status: "cancelled" }).where(eq(emailMessages.id, cancelled));
    // Moves recorded at set times, either side of midnight in New York and in UTC.
    const move = (at: string, application: { id: string; jobId: string } = { id: ids.late.id, jobId: job.id }) =>
      t.db.insert(activityEvents).values({
        companyId: staff.companyId,
        actorId: recruiter.userId,
        type: "application_stage_moved",
        subjectType: "application",
        subjectId: application.id,
        data: { candidateName: "Late Lamport", jobId: application.jobId, fromStageId: null, fromStageName: null, toStageId: null, toStageName: "Offer" },
        createdAt: new Date(at),
      });
    await move("2026-03-09T03:30:00Z"); // Mar 8, 23:30 in New York
    await move("2026-03-09T12:00:00Z");
    await move("2026-03-10T12:00:00Z");
    await move("2026-03-11T03:00:00Z"); // Mar 10, 23:00 in New York
    expect(await wrongTeamCounts()).toEqual([]);
    expect(await wrongTeamTotals()).toEqual([]);

    // Today: the staff's ten moves of the crafted candidates and their feedback; Rosa's two scorecards and one email left.
    const today = new Date().toISOString().slice(0, 10);
    const now = await teamReport(t.db, staff, reportedApplicationsOf(shownFor(daysBefore(today, 1), dayAfter(today)), NEW_YORK));
    expect(now.map((member) => [member.name, member.moved, member.feedback, member.emailed, member.recommendations])).toEqual([
      ["Test Recruiter", 10, 1, 0, { strong_no: 0, no: 0, yes: 1, strong_yes: 0 }],
      ["Rosa Recruiter", 0, 2, 1, { strong_no: 0, no: 1, yes: 0, strong_yes: 1 }],
    ]);
    // Mar 9–10 in New York: from Mar 9 04:00 to Mar 11 04:00 UTC, the last three moves; not the one of Mar 8 there.
    const march = await teamReport(t.db, staff, inNewYork("2026-03-09", "2026-03-10"));
    expect(march.map((member) => [member.name, member.moved])).toEqual([["Rosa Recruiter", 3]]);
    expect((await teamReport(t.db, staff, inNewYork("2026-03-08", "2026-03-08")))[0]?.moved).toBe(1);
    // March whole from the month's counts, with the days around it and the hours at either end.
    expect((await teamReport(t.db, staff, inNewYork("2026-02-27", "2026-04-02")))[0]?.moved).toBe(4);
    expect((await teamReport(t.db, staff, inNewYork("2026-03-09", "2026-04-02")))[0]?.moved).toBe(3);
    // Of another job, nothing; another company's staff see nothing of it.
    const other = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA });
    expect(await teamReport(t.db, staff, inNewYork("2026-03-09", "2026-03-10", { job: other.id }))).toEqual([]);
    const { staff: stranger } = await createStaff(t.db, t.auth);
    expect(await teamReport(t.db, stranger, inNewYork("2026-03-01", "2026-03-31"))).toEqual([]);
    const csv = await reportCsv(t.db, staff, "team", shownFor("2026-03-09", "2026-03-10"), NEW_YORK);
    expect(csv.split("\r\n")).toEqual(["\uFEFFMember,Moves,Feedback submitted,Emails sent,Strong no,No,Yes,Strong yes", "Rosa Recruiter,3,0,0,0,0,0,0", ""]);

    // Every job's report reads the totals over every job (decision 120); one job's, the job's own counts:
    // with all the activity on one job they agree, in New York's days and in India's (half-hour offset).
    const INDIA = "Asia/Kolkata";
    for (const [from, to, zone] of [["2026-02-27", "2026-04-02", NEW_YORK], ["2026-03-09", "2026-03-10", NEW_YORK], ["2026-03-08", "2026-03-11", INDIA]] as const) {
      const shown = shownFor(from, to);
      const every = await teamReport(t.db, staff, reportedApplicationsOf(shown, zone));
      expect(every.length).toBeGreaterThan(0);
      expect(every).toEqual(await teamReport(t.db, staff, reportedApplicationsOf({ ...shown, job: job.id }, zone)));
    }
    // Mar 9 in India is Mar 8 18:30 to Mar 9 18:30 UTC: the half hours at either end come from the history.
    expect((await teamReport(t.db, staff, reportedApplicationsOf(shownFor("2026-03-09", "2026-03-09"), INDIA)))[0]?.moved).toBe(2);

    // A job deleted takes its share of the totals out, as its counts go with it.
    const doomed = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA });
    await move("2026-03-10T13:00:00Z", { id: (await createTestApplication(t.db, doomed)).id, jobId: doomed.id });
    await move("2026-03-10T14:00:00Z");
    expect((await teamReport(t.db, staff, inNewYork("2026-03-09", "2026-03-10")))[0]?.moved).toBe(5);
    await t.db.delete(jobs).where(eq(jobs.id, doomed.id));
    expect(await wrongTeamCounts()).toEqual([]);
    expect(await wrongTeamTotals()).toEqual([]);
    expect((await teamReport(t.db, staff, inNewYork("2026-03-09", "2026-03-10")))[0]?.moved).toBe(4);
  });
});

describe("job health", () => {
  it("lists the open jobs quietest first, with days open, applicants and their last activity", async () => {
    const { t } = ctx;
    const { staff } = await createStaff(t.db, t.auth);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const quiet = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, title: "Quiet Keeper" });
    const busy = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, title: "Busy Builder" });
    const draft = await createTestJob(t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA, title: "Draft Drafter" });
    await t.db.update(jobs).set({ publishedAt: daysAgo(30) }).where(eq(jobs.id, quiet.id));
    await t.db.update(jobs).set({ publishedAt: daysAgo(10) }).where(eq(jobs.id, busy.id));
    await setJobStatusDirectly(t.db, draft.id, "draft");
    await createTestApplication(t.db, quiet, { createdAt: daysAgo(20) });
    const moved = await createTestApplication(t.db, busy, { createdAt: daysAgo(9) });
    await createTestApplication(t.db, busy, { createdAt: daysAgo(8) });
    // A move today is activity too.
    await moveApplication(t.db, staff, moved.id, busy.stages[1]!.id);

    const report = await jobHealthReport(t.db, staff, {}, 10, now);
    expect(report.total).toBe(2);
    expect(report.rows.map((row) => [row.title, row.daysOpen, row.applicants, row.perDay, row.quietDays])).toEqual([
      ["Quiet Keeper", 30, 1, 0, 20],
      ["Busy Builder", 10, 2, 0.2, null],
    ]);
    expect(Math.abs(new Date(report.rows[1]!.lastActivityAt).getTime() - now.getTime())).toBeLessThan(60_000);
    expect((await jobHealthReport(t.db, staff, { jobId: busy.id }, 10, now)).rows.map((row) => row.title)).toEqual(["Busy Builder"]);
    // The page shows the quietest few, and says how many there are.
    expect(await jobHealthReport(t.db, staff, {}, 1, now)).toMatchObject({ total: 2, rows: [{ title: "Quiet Keeper" }] });
    const csv = await reportCsv(t.db, staff, "jobs", shownFor("2026-01-01", "2026-12-31"), "UTC");
    expect(csv.split("\r\n")[1]).toBe(`Quiet Keeper,${daysAgo(30).toISOString().slice(0, 10)},30,1,0,${daysAgo(20).toISOString().slice(0, 10)},20`);

    // Another company's staff, and a hiring manager of neither job, see none of them.
    const { staff: other } = await createStaff(t.db, t.auth);
    expect((await jobHealthReport(t.db, other, { jobId: quiet.id }, 10, now)).total).toBe(0);
    const manager = (await createMember(t.db, t.auth, staff, "hiring_manager")).staff;
    expect((await jobHealthReport(t.db, manager, {}, 10, now)).total).toBe(0);
    await setHiringTeamMember(t.db, staff, busy.id, manager.userId, "hiring_manager");
    expect((await jobHealthReport(t.db, manager, {}, 10, now)).rows.map((row) => row.title)).toEqual(["Busy Builder"]);
  });
});

describe("who sees what", () => {
  it("never counts another company's applications, and a hiring manager counts their team's jobs", async () => {
    const { t } = ctx;
    const { staff, job } = await craft();
    const { staff: other } = await createStaff(t.db, t.auth);
    expect(await funnelReport(t.db, other, inNewYork("2026-03-07", "2026-03-10", { job: job.id }))).toEqual({ applications: 0, steps: [] });
    expect(await sourcesReport(t.db, other, inNewYork("2026-03-07", "2026-03-10"))).toEqual([]);

    const manager = (await createMember(t.db, t.auth, staff, "hiring_manager")).staff;
    expect((await funnelReport(t.db, manager, inNewYork("2026-03-07", "2026-03-10"))).applications).toBe(0);
    await setHiringTeamMember(t.db, staff, job.id, manager.userId, "hiring_manager");
    expect((await funnelReport(t.db, manager, inNewYork("2026-03-07", "2026-03-10"))).applications).toBe(5);
    // The member filter: the jobs whose hiring team they are on.
    expect((await funnelReport(t.db, staff, inNewYork("2026-03-07", "2026-03-10", { member: manager.userId }))).applications).toBe(5);
    expect((await funnelReport(t.db, staff, inNewYork("2026-03-07", "2026-03-10", { member: staff.userId }))).applications).toBe(0);
    // The list behind those numbers narrows the same way (the member's jobs read as an array, decision 121).
    const days = reportedApplicationsFrom({ applied_from: "2026-03-07", applied_to: "2026-03-10" }, NEW_YORK);
    expect((await listApplications(t.db, staff, { ...days, memberId: manager.userId })).rows).toHaveLength(5);
    expect((await listApplications(t.db, staff, { ...days, memberId: staff.userId })).rows).toHaveLength(0);
  });

  it("answers the page and its CSV to the company's staff in their zone, and nothing of another company's job", async () => {
    const { t } = ctx;
    const { cookie, job, staff } = await craft();
    const zoned = `${cookie}; ${TZ_COOKIE}=${encodeURIComponent(NEW_YORK)}`;
    const query = `job=${job.id}&from=2026-03-07&to=2026-03-10`;
    const page = await callLoader(reportsLoader, {
      path: `/reports?${query}`,
      cookie: zoned,
    });
    expect(page.status).toBe(200);
    expect(page.data.funnel!.steps.map((step) => step.reached)).toEqual([5, 3, 1, 1]);
    expect(page.data.job?.id).toBe(job.id);
    expect([page.data.speed, page.data.volume, page.data.team]).toEqual([null, null, null]);
    // Each of the report's pages runs its own reports only, with the same filters (decision 105).
    const view = async (name: string) => (await callLoader(reportsLoader, { path: `/reports?view=${name}&${query}`, cookie: zoned })).data;
    const speed = await view("speed");
    expect([speed.funnel, speed.jobHealth, speed.speed?.timeToHire.count]).toEqual([null, null, 1]);
    const volume = await view("volume");
    expect(volume.volume?.jobs.map((row) => row.applications)).toEqual([5]);
    // The team's moves were made today, not in these days of March.
    expect((await view("team")).team).toEqual([]);
    const file = await callLoader(reportsExportLoader, {
      path: `/reports/export.csv?report=funnel&${query}`,
      cookie: zoned,
    });
    expect(file.response?.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await textWithBom(file.response!)).toBe(
      "\uFEFFStage,Reached,Conversion %,Drop-off\r\nApplied,5,,0\r\nInterview,3,60,2\r\nOffer,1,33,2\r\nHired,1,100,0\r\n",
    );

    // A hiring manager's report is of their team's jobs: the page says so (member), and counts them.
    const manager = await createMember(t.db, t.auth, staff, "hiring_manager");
    await setHiringTeamMember(t.db, staff, job.id, manager.staff.userId, "hiring_manager");
    const theirReport = await callLoader(reportsLoader, { path: `/reports?from=2026-03-07&to=2026-03-10`, cookie: `${manager.cookie}; ${TZ_COOKIE}=${encodeURIComponent(NEW_YORK)}` });
    expect(theirReport.data.filters.member).toBe(manager.staff.userId);
    expect(theirReport.data.anyone).toBe(false);
    expect(theirReport.data.funnel!.applications).toBe(5);

    const { cookie: theirs } = await createStaff(t.db, t.auth);
    const foreign = await callLoader(reportsLoader, {
      path: `/reports?${query}`,
      cookie: theirs,
    });
    expect(foreign.data.funnel).toEqual({ applications: 0, steps: [] });
    expect(foreign.data.job).toBeNull();
    const foreignFile = await callLoader(reportsExportLoader, {
      path: `/reports/export.csv?report=funnel&${query}`,
      cookie: theirs,
    });
    expect(await textWithBom(foreignFile.response!)).toBe("\uFEFFStage,Reached,Conversion %,Drop-off\r\n");
  });
});

/** A response's text with its byte order mark (Response.text() drops it). */
const textWithBom = async (response: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

describe("the tiers of a report's days", () => {
  const at = (iso: string) => new Date(iso);
  const spans = (from: string, before: string) => {
    const tiers = reportTiers(at(from), at(before));
    return tiers && {
      counted: tiers.counted.map((tier) => `${tier.span} ${tier.from.toISOString().slice(0, 10)}…${tier.before.toISOString().slice(0, 10)}`),
      raw: tiers.raw.map((tier) => `${tier.from.toISOString()}…${tier.before.toISOString()}`),
    };
  };

  it("are whole months, whole blocks at either end, and the instants left over", () => {
    // 2026-01-15 … 2026-04-10 in New York.
    expect(spans("2026-01-15T05:00:00Z", "2026-04-11T04:00:00Z")).toEqual({
      counted: ["block 2026-01-22…2026-02-01", "month 2026-02-01…2026-04-01", "block 2026-04-01…2026-04-08"],
      raw: ["2026-01-15T05:00:00.000Z…2026-01-22T00:00:00.000Z", "2026-04-08T00:00:00.000Z…2026-04-11T04:00:00.000Z"],
    });
    // February of a common year has no day 29: its last block is 22–28.
    expect(spans("2026-02-20T00:00:00Z", "2026-03-09T00:00:00Z")).toEqual({
      counted: ["block 2026-02-22…2026-03-08"],
      raw: ["2026-02-20T00:00:00.000Z…2026-02-22T00:00:00.000Z", "2026-03-08T00:00:00.000Z…2026-03-09T00:00:00.000Z"],
    });
    expect(spans("2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z")).toEqual({ counted: ["month 2026-02-01…2026-03-01"], raw: [] });
    expect(spans("2026-02-02T00:00:00Z", "2026-02-14T00:00:00Z")).toBeUndefined();
  });
});

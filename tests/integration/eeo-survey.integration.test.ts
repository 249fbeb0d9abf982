import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, auditEvents, companies, eeoResponses } from "../../db/schema";
import * as applicationsRoute from "~/routes/api/boards-applications";
import * as jobRoute from "~/routes/api/boards-job";
import * as applyRoute from "~/routes/job-board/job-apply";
import * as applicationRoute from "~/routes/staff/application";
import * as candidateRoute from "~/routes/staff/candidate";
import * as reportRoute from "~/routes/staff/reports-equal-opportunity";
import * as settingsRoute from "~/routes/staff/settings-privacy";
import { EEO_MESSAGES, eeoSurveyExplanation } from "~/schemas/eeo";
import { invalidateJobBoardCache } from "~/server/job-board/cache.server";
import { queryRows } from "~/server/platform/db.server";
import { candidateExportData } from "~/server/privacy/export.server";
import type { EeoReport } from "~/server/reports/equal-opportunity.server";
import { applicationValues, createMember, createStaff, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 17: the optional equal-opportunity survey (decision 118), kept apart and reported only in totals. */

const bed = setUpAppTestDatabase();

async function company(name: string) {
  const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: name });
  const [row] = await bed.t.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, owner.staff.companyId));
  const job = await createTestJob(bed.t.db, owner.staff, { title: "Lighthouse Keeper", form_schema: SAMPLE_FORM_SCHEMA });
  invalidateJobBoardCache();
  return { ...owner, slug: row!.slug!, job };
}

/** Each application from its own client, so the apply rate limit never decides a test. */
let client = 0;
const nextIp = () => `203.0.113.${(client += 1) % 250}`;

const viaForm = (jobId: string, values: Record<string, string>) =>
  callAction(applyRoute.action, { path: `/jobs/${jobId}/lighthouse-keeper/apply`, params: { id: jobId }, form: applicationValues(values), ip: nextIp() });

const viaApi = (slug: string, jobId: string, values: Record<string, string>) =>
  callAction(applicationsRoute.action, { path: `/api/v1/boards/${slug}/jobs/${jobId}/applications`, params: { slug, id: jobId }, form: applicationValues(values), ip: nextIp() });

const saveSurvey = (cookie: string, values: Record<string, string>) =>
  callAction(settingsRoute.action, { path: "/settings/privacy", cookie, form: { intent: "eeo-survey", ...values } });

const applyPage = (jobId: string) =>
  callLoader(applyRoute.loader, { path: `/jobs/${jobId}/lighthouse-keeper/apply`, params: { id: jobId, slug: "lighthouse-keeper" } });

const responsesOf = (companyId: string) => bed.t.db.select().from(eeoResponses).where(eq(eeoResponses.companyId, companyId));

const report = async (cookie: string, query = "") => {
  const answer = await callLoader(reportRoute.loader, { path: `/reports/equal-opportunity${query}`, cookie });
  return { status: answer.status, data: answer.data as { surveyOn: boolean; report: EeoReport; filters: { from: string; to: string } } };
};

/** Every table but the survey's own, and the queue's, that holds `needle` anywhere (its text form). */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await queryRows<{ schema: string; name: string }>(
    bed.t.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss') and table_name <> 'eeo_responses'`,
  );
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(
      bed.t.db,
      sql`select count(*)::int as n from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t where t::text ilike ${`%${needle.replace(/[\\%_]/g, "\\$&")}%`}`,
    );
    if (row!.n > 0) found.push(`${table.schema}.${table.name}`);
  }
  return found;
}

const thisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

describe("Settings › Privacy › Equal-opportunity survey", () => {
  it("is off by default; an admin turns it on with the questions ticked (audited once), and a recruiter is refused", async () => {
    const acme = await company("Survey Settings Ltd");
    const loaded = await callLoader(settingsRoute.loader, { path: "/settings/privacy", cookie: acme.cookie });
    expect((loaded.data as { eeoSurvey: unknown }).eeoSurvey).toEqual({ enabled: false, questions: ["gender", "age_range", "ethnicity", "disability"], asked: [] });

    const recruiter = await createMember(bed.t.db, bed.t.auth, acme.staff, "recruiter");
    expect((await saveSurvey(recruiter.cookie, { enabled: "on", question_gender: "on" })).status).toBe(403);

    // On with no question: the same schema's message, beside the questions, and the boxes as they were.
    const refused = await saveSurvey(acme.cookie, { enabled: "on" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ form: "eeo-survey", errors: { questions: EEO_MESSAGES.questionsRequired }, values: { enabled: "on" } });

    const saved = await saveSurvey(acme.cookie, { enabled: "on", question_gender: "on", question_disability: "on" });
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get("location")).toBe("/settings/privacy");
    expect((await saveSurvey(acme.cookie, { enabled: "on", question_gender: "on", question_disability: "on" })).status).toBe(302);
    const entries = await bed.t.db.select().from(auditEvents).where(eq(auditEvents.companyId, acme.staff.companyId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: acme.staff.userId,
      action: "eeo_survey.changed",
      subjectType: "company",
      subjectId: acme.staff.companyId,
      data: { enabledBefore: false, enabled: true, questionsBefore: [], questions: ["gender", "disability"] },
    });

    // Off again with nothing ticked keeps the questions for next time.
    expect((await saveSurvey(acme.cookie, {})).status).toBe(302);
    const [row] = await bed.t.db.select({ on: companies.eeoSurveyEnabled, questions: companies.eeoSurveyQuestions }).from(companies).where(eq(companies.id, acme.staff.companyId));
    expect(row).toEqual({ on: false, questions: ["gender", "disability"] });
  });
});

describe("the apply form's survey", () => {
  it("is not shown and its fields are ignored while the survey is off", async () => {
    const acme = await company("Survey Off Ltd");
    expect((await applyPage(acme.job.id)).data).toMatchObject({ job: { eeoQuestions: [] } });
    expect((await viaForm(acme.job.id, { "eeo.gender": "woman", "eeo.disability": "nonsense" })).status).toBe(302);
    expect(await responsesOf(acme.staff.companyId)).toEqual([]);
  });

  it("stores the answers apart: the company, the job, the month and the answers, nothing that leads to the application", async () => {
    const acme = await company("Survey Apart Ltd");
    await saveSurvey(acme.cookie, { enabled: "on", question_gender: "on", question_age_range: "on" });
    expect((await applyPage(acme.job.id)).data).toMatchObject({ job: { eeoQuestions: ["gender", "age_range"] } });

    const email = "apart@example.test";
    // A question the company does not ask is not read.
    expect((await viaForm(acme.job.id, { candidate_email: email, "eeo.gender": "non_binary", "eeo.age_range": "55_64", "eeo.disability": "yes" })).status).toBe(302);
    const rows = await queryRows<Record<string, unknown>>(bed.t.db, sql`select * from eeo_responses where company_id = ${acme.staff.companyId}`);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(["answers", "company_id", "job_id", "month"]);
    expect(rows[0]).toMatchObject({ job_id: acme.job.id, answers: { gender: "non_binary", age_range: "55_64" } });
    expect(String(rows[0]!.month).slice(0, 10)).toBe(thisMonth());

    // The application holds no answer, and no other table does either (webhooks, emails, the queue, activity).
    const [application] = await bed.t.db.select({ formData: applications.formData }).from(applications).where(eq(applications.candidateEmail, email));
    expect(JSON.stringify(application!.formData)).not.toMatch(/eeo|non_binary|55_64/);
    expect(await tablesHolding("non_binary")).toEqual([]);
    expect(await tablesHolding("55_64")).toEqual([]);
  });

  it("stores nothing when every question is left blank, and refuses an answer that is not one of the question's", async () => {
    const acme = await company("Survey Blank Ltd");
    await saveSurvey(acme.cookie, { enabled: "on", question_gender: "on", question_ethnicity: "on" });
    expect((await viaForm(acme.job.id, { "eeo.gender": "", "eeo.ethnicity": "  " })).status).toBe(302);
    expect((await viaForm(acme.job.id, {})).status).toBe(302);
    expect(await responsesOf(acme.staff.companyId)).toEqual([]);

    const refused = await viaForm(acme.job.id, { candidate_email: "odd@example.test", "eeo.gender": "robot", cover_letter: "Kept" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { "eeo.gender": EEO_MESSAGES.invalidAnswer }, values: { cover_letter: "Kept", "eeo.gender": "robot" } });
    expect(await responsesOf(acme.staff.companyId)).toEqual([]);

    // A refused application (the same email again) stores no answers either.
    expect((await viaForm(acme.job.id, { candidate_email: "twice@example.test", "eeo.gender": "woman" })).status).toBe(302);
    expect((await viaForm(acme.job.id, { candidate_email: "twice@example.test", "eeo.gender": "woman" })).status).toBe(409);
    expect(await responsesOf(acme.staff.companyId)).toHaveLength(1);
  });

  it("is described by the job board API, which takes the same optional fields", async () => {
    const acme = await company("Survey Api Ltd");
    const job = async () =>
      (await (await callLoader(jobRoute.loader as never, { path: `/api/v1/boards/${acme.slug}/jobs/${acme.job.id}`, params: { slug: acme.slug, id: acme.job.id } })).response!.json()) as {
        demographic_questions: { header: string; description: string; questions: { label: string; required: boolean; fields: { name: string; values: { value: string }[] }[] }[] } | null;
      };
    expect((await job()).demographic_questions).toBeNull();
    await saveSurvey(acme.cookie, { enabled: "on", question_disability: "on" });
    const described = (await job()).demographic_questions!;
    expect(described.header).toBe("Equal-opportunity survey (voluntary)");
    expect(described.description).toBe(eeoSurveyExplanation("Survey Api Ltd"));
    expect(described.questions.map((q) => [q.required, q.fields[0]!.name, q.fields[0]!.values.map((v) => v.value)])).toEqual([
      [false, "eeo.disability", ["yes", "no", "prefer_not_to_say"]],
    ]);

    expect((await viaApi(acme.slug, acme.job.id, { privacy_consent: "true", "eeo.disability": "prefer_not_to_say" })).response!.status).toBe(201);
    expect((await responsesOf(acme.staff.companyId)).map((row) => row.answers)).toEqual([{ disability: "prefer_not_to_say" }]);
  });
});

describe("the equal-opportunity report", () => {
  it("shows totals with groups under five hidden and the subtraction guarded, for admins only and only their company's", async () => {
    const acme = await company("Survey Report Ltd");
    const otherJob = await createTestJob(bed.t.db, acme.staff, { title: "Lighthouse Keeper", form_schema: SAMPLE_FORM_SCHEMA });
    invalidateJobBoardCache();

    // Off, with nothing yet: the empty state.
    const empty = await report(acme.cookie);
    expect(empty.data).toMatchObject({ surveyOn: false, report: { any: false, responses: null } });

    await saveSurvey(acme.cookie, { enabled: "on", question_gender: "on", question_disability: "on" });
    expect((await report(acme.cookie)).data).toMatchObject({ surveyOn: true, report: { any: false } });

    // Twelve candidates: disability yes ×5, no ×6, prefer not to say ×1; gender woman ×7, man ×5.
    const answers = [
      ...Array.from({ length: 5 }, () => ({ "eeo.disability": "yes" })),
      ...Array.from({ length: 6 }, () => ({ "eeo.disability": "no" })),
      { "eeo.disability": "prefer_not_to_say" },
    ].map((item, index) => ({ ...item, "eeo.gender": index < 7 ? "woman" : "man" }));
    for (const item of answers) expect((await viaForm(acme.job.id, item)).status).toBe(302);
    // Two more for the other job.
    for (const gender of ["woman", "man"]) expect((await viaForm(otherJob.id, { "eeo.gender": gender })).status).toBe(302);

    const all = (await report(acme.cookie)).data.report;
    expect(all.responses).toBe(14);
    const groups = (key: string, of = all) => Object.fromEntries(of.questions.find((q) => q.key === key)!.groups.map((g) => [g.label, g.count]));
    // The three other answers are zero: shown beside their total they would say every candidate was a
    // woman or a man, so the smaller shown group goes too.
    expect(groups("gender")).toEqual({ Woman: 8, Man: null, "Non-binary": null, "Another gender": null, "Prefer not to say": null });

    // One job: disability's one small group (prefer not to say, 1) would follow from 12 − 5 − 6, so the
    // next smallest (yes, 5) is hidden too.
    const one = (await report(acme.cookie, `?job=${acme.job.id}`)).data.report;
    expect(one.responses).toBe(12);
    expect(groups("disability", one)).toEqual({ Yes: null, No: 6, "Prefer not to say": null });
    expect(one.questions.find((q) => q.key === "disability")!.total).toBe(12);
    expect(groups("gender", one)).toEqual({ Woman: 7, Man: null, "Non-binary": null, "Another gender": null, "Prefer not to say": null });

    // The other job: two responses, everything hidden.
    const few = (await report(acme.cookie, `?job=${otherJob.id}`)).data.report;
    expect(few).toMatchObject({ any: true, responses: null });
    expect(few.questions.flatMap((q) => [q.total, ...q.groups.map((g) => g.count)]).every((count) => count === null)).toBe(true);

    // Months before any answer: nothing; reversed months are put in order.
    expect((await report(acme.cookie, "?from=2001-01&to=2001-06")).data.report.any).toBe(false);
    expect((await report(acme.cookie, "?from=2999-12&to=2001-01")).data).toMatchObject({ filters: { from: "2001-01", to: "2999-12" }, report: { responses: 14 } });

    // Recruiters and hiring managers are refused it.
    for (const role of ["recruiter", "hiring_manager", "interviewer"] as const) {
      const member = await createMember(bed.t.db, bed.t.auth, acme.staff, role);
      expect((await report(member.cookie)).status).toBe(403);
    }

    // Another company sees none of it, even filtering by this company's job.
    const other = await company("Other Survey Co");
    const theirs = await report(other.cookie, `?job=${acme.job.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.data.report).toMatchObject({ any: false, responses: null });
    expect((await applyPage(other.job.id)).data).toMatchObject({ job: { eeoQuestions: [] } });
  });

  it("never shows the answers on the application's or the candidate's page, or in the candidate's export", async () => {
    const acme = await company("Survey Pages Ltd");
    await saveSurvey(acme.cookie, { enabled: "on", question_gender: "on", question_age_range: "on", question_ethnicity: "on" });
    const email = "pages@example.test";
    expect((await viaForm(acme.job.id, { candidate_email: email, "eeo.gender": "non_binary", "eeo.age_range": "65_plus", "eeo.ethnicity": "mixed" })).status).toBe(302);
    const [application] = await bed.t.db.select({ id: applications.id, candidateId: applications.candidateId }).from(applications).where(eq(applications.candidateEmail, email));
    const hidden = /non_binary|Non-binary|65_plus|65 or over|Mixed or multiple|eeo/i;

    const recruiter = await createMember(bed.t.db, bed.t.auth, acme.staff, "recruiter");
    for (const cookie of [acme.cookie, recruiter.cookie]) {
      for (const tab of ["", "?tab=activity", "?tab=details"]) {
        const page = await callLoader(applicationRoute.loader, { path: `/applications/${application!.id}${tab}`, params: { applicationId: application!.id }, cookie });
        expect(page.status).toBe(200);
        expect(JSON.stringify(page.data)).not.toMatch(hidden);
      }
      const candidate = await callLoader(candidateRoute.loader, { path: `/candidates/${application!.candidateId}`, params: { candidateId: application!.candidateId! }, cookie });
      expect(candidate.status).toBe(200);
      expect(JSON.stringify(candidate.data)).not.toMatch(hidden);
    }
    const exported = await candidateExportData(bed.t.db, acme.staff, application!.candidateId!);
    expect(JSON.stringify(exported.data)).not.toMatch(hidden);
  });
});

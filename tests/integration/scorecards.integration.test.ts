import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/staff/application";
import * as hiringSettingsRoute from "~/routes/staff/settings-hiring";
import * as planRoute from "~/routes/staff/jobs-interview-plan";
import { describeActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import {
  addScorecardAttribute,
  ATTRIBUTES_ADMINS_ONLY,
  copyDefaultsToStage,
  DEFAULT_SCORECARD_ATTRIBUTES,
  getApplicationFeedback,
  getInterviewPlan,
  listDefaultAttributes,
  removeScorecardAttribute,
  saveScorecard,
  setStageEntryFeedback,
} from "~/server/applications/scorecards.server";
import { bulkMoveApplications } from "~/server/applications/bulk.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { listFeedbackRequests, requestFeedback } from "~/server/team/feedback-requests.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

async function setup() {
  const owner = await createStaff(db(), app.t.auth);
  const job = await createTestJob(db(), owner.staff, { title: "Scored Job", stages: [{ name: "Applied" }, { name: "Interview" }, { name: "Hired" }, { name: "Rejected" }] });
  const application = await createTestApplication(db(), job, { candidateName: "Sam Scored", stageName: "Interview" });
  const interviewer = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
  const manager = await createMember(db(), app.t.auth, owner.staff, "hiring_manager", { fullName: "Hana Manager" });
  return { owner, job, application, interviewer, manager, interview: job.stages[1]! };
}

describe("the default scorecard and a job's interview plan (decision 099)", () => {
  it("starts from the starter attributes; admins change the defaults; a stage's plan is the job's own", async () => {
    const { owner, job, interview, manager } = await setup();
    expect((await listDefaultAttributes(db(), owner.staff)).map((a) => a.name)).toEqual(DEFAULT_SCORECARD_ATTRIBUTES.map((a) => a.name));
    await addScorecardAttribute(db(), owner.staff, { category: "Values", name: "Ownership" });
    expect((await listDefaultAttributes(db(), owner.staff)).at(-1)).toMatchObject({ category: "Values", name: "Ownership" });
    await expect(addScorecardAttribute(db(), manager.staff, { category: "", name: "Nope" })).rejects.toMatchObject({ code: "FORBIDDEN", message: ATTRIBUTES_ADMINS_ONLY });

    await addScorecardAttribute(db(), owner.staff, { category: "Skills", name: "System design" }, { jobId: job.id, stageId: interview.id });
    expect(await copyDefaultsToStage(db(), owner.staff, job.id, job.stages[0]!.id)).toBe(5);
    const plan = await getInterviewPlan(db(), owner.staff, job.id);
    expect(plan.map((stage) => [stage.name, stage.attributes.map((a) => a.name)])).toEqual([
      ["Applied", ["Role knowledge", "Problem solving", "Communication", "Teamwork", "Ownership"]],
      ["Interview", ["System design"]],
      ["Hired", []],
      ["Rejected", []],
    ]);
    const design = plan[1]!.attributes[0]!;
    await expect(removeScorecardAttribute(db(), owner.staff, design.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await removeScorecardAttribute(db(), owner.staff, design.id, job.id);
    expect((await getInterviewPlan(db(), owner.staff, job.id))[1]!.attributes).toEqual([]);

    const outsider = await createStaff(db(), app.t.auth);
    await expect(addScorecardAttribute(db(), outsider.staff, { category: "", name: "X" }, { jobId: job.id, stageId: interview.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(copyDefaultsToStage(db(), outsider.staff, job.id, interview.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("are edited through their pages", async () => {
    const { owner, job, interview } = await setup();
    const added = await callAction(planRoute.action, { path: `/manage/jobs/${job.id}/interview-plan`, params: { id: job.id }, cookie: owner.cookie, form: { intent: "add-attribute", stageId: interview.id, name: "Coding", category: "Skills" } });
    expect(added.status).toBe(302);
    const page = await callLoader(planRoute.loader, { path: `/manage/jobs/${job.id}/interview-plan`, params: { id: job.id }, cookie: owner.cookie });
    expect((page.data as { stages: { attributes: { name: string }[] }[] }).stages[1]!.attributes.map((a) => a.name)).toEqual(["Coding"]);
    const refused = await callAction(planRoute.action, { path: `/manage/jobs/${job.id}/interview-plan`, params: { id: job.id }, cookie: owner.cookie, form: { intent: "add-attribute", stageId: interview.id, name: " " } });
    expect(refused).toMatchObject({ status: 400, data: { errors: { name: "Name the attribute" } } });
    const settings = await callAction(hiringSettingsRoute.action, { path: "/settings/hiring", cookie: owner.cookie, form: { intent: "add-attribute", name: "Curiosity", category: "" } });
    expect(settings.status).toBe(302);
    expect((await listDefaultAttributes(db(), owner.staff)).map((a) => a.name)).toContain("Curiosity");
  });
});

describe("scorecards (decision 099)", () => {
  it("rate the stage's plan, stay drafts until submitted, and are hidden from whoever owes theirs", async () => {
    const { owner, job, application, interviewer, manager, interview } = await setup();
    await addScorecardAttribute(db(), owner.staff, { category: "Skills", name: "System design" }, { jobId: job.id, stageId: interview.id });
    await requestFeedback(db(), owner.staff, application.id, [interviewer.staff.userId, manager.staff.userId]);
    const target = { id: application.id, stageId: interview.id };
    const seen = await getApplicationFeedback(db(), interviewer.staff, target);
    expect(seen.attributes.map((a) => a.name)).toEqual(["System design"]);
    const design = seen.attributes[0]!.id;

    // The hiring manager submits; the interviewer, who owes theirs, sees only that someone did.
    await expect(saveScorecard(db(), manager.staff, application.id, { notes: "", ratings: {}, submit: true })).rejects.toMatchObject({ code: "INVALID", details: { field: "recommendation" } });
    await saveScorecard(db(), manager.staff, application.id, { recommendation: "yes", notes: "Solid.", ratings: { [design]: 3, "not-an-attribute": 4 }, submit: true });
    expect(await getApplicationFeedback(db(), interviewer.staff, target)).toMatchObject({ others: [], hidden: 1, pending: [interviewer.staff.userId] });

    // A draft is the interviewer's alone; submitting shows them the others'.
    await saveScorecard(db(), interviewer.staff, application.id, { recommendation: "strong_no", notes: "Draft thoughts", ratings: { [design]: 1 }, submit: false });
    expect((await getApplicationFeedback(db(), owner.staff, target)).others.map((card) => card.authorName)).toEqual(["Hana Manager"]);
    expect(await getApplicationFeedback(db(), interviewer.staff, target)).toMatchObject({ mine: { notes: "Draft thoughts", submittedAt: null }, hidden: 1 });
    await saveScorecard(db(), interviewer.staff, application.id, { recommendation: "no", notes: "Not yet.", ratings: { [design]: 2 }, submit: true });
    const after = await getApplicationFeedback(db(), interviewer.staff, target);
    expect(after.hidden).toBe(0);
    expect(after.others).toEqual([
      expect.objectContaining({ authorName: "Hana Manager", recommendation: "yes", notes: "Solid.", ratings: [{ attributeId: design, category: "Skills", name: "System design", rating: 3 }] }),
    ]);
    expect(after.pending).toEqual([]);
    // An admin, not asked, sees every submitted one.
    expect((await getApplicationFeedback(db(), owner.staff, target)).others.map((card) => card.recommendation)).toEqual(["yes", "no"]);
    const history = (await listSubjectActivity(db(), owner.staff, application.id)).map(describeActivity);
    expect(history.filter((line) => line.includes("submitted"))).toEqual(["Feedback on Sam Scored submitted", "Feedback on Sam Scored submitted"]);

    // The board's card: 2 of 2 submitted, one yes, one no.
    const board = await getPipelineBoard(db(), owner.staff, job.id);
    const card = board!.columns[1]!.cards.find((c) => c.id === application.id)!;
    expect(card.feedback).toEqual({ asked: 2, submitted: 2, yes: 1, no: 1 });
    expect(board!.columns[0]!.cards.every((c) => c.feedback === null)).toBe(true);
  });

  it("are given only on applications the member sees", async () => {
    const { owner, job, interviewer } = await setup();
    const other = await createTestApplication(db(), job, { candidateName: "Not Asked" });
    await expect(saveScorecard(db(), interviewer.staff, other.id, { recommendation: "yes", notes: "", ratings: {}, submit: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const outsider = await createStaff(db(), app.t.auth);
    await expect(saveScorecard(db(), outsider.staff, other.id, { recommendation: "yes", notes: "", ratings: {}, submit: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getApplicationFeedback(db(), owner.staff, { id: other.id, stageId: null })).attributes.map((a) => a.name)).toEqual(DEFAULT_SCORECARD_ATTRIBUTES.map((a) => a.name));
  });

  it("are posted from the application page by an interviewer asked for them", async () => {
    const { owner, application, interviewer } = await setup();
    await requestFeedback(db(), owner.staff, application.id, [interviewer.staff.userId]);
    const post = (form: Record<string, string>) => callAction(applicationRoute.action, { path: `/applications/${application.id}`, params: { applicationId: application.id }, cookie: interviewer.cookie, form });
    expect(await post({ intent: "submit-scorecard", notes: "x" })).toMatchObject({ status: 400, data: { errors: { recommendation: "Choose your overall recommendation before submitting." } } });
    // A teammate's note is feedback too: it waits until the interviewer has given theirs.
    await db().execute(sql`insert into notes (company_id, candidate_id, application_id, author_id, body)
      values (${owner.staff.companyId}, ${application.candidateId}, ${application.id}, ${owner.staff.userId}, 'Owner thinks: strong')`);
    type Page = Awaited<ReturnType<typeof applicationRoute.loader>>;
    const pageOf = async (tab: string) =>
      (await callLoader(applicationRoute.loader, { path: `/applications/${application.id}?tab=${tab}`, params: { applicationId: application.id }, cookie: interviewer.cookie }))
        .data as Page;
    const notesTab = await pageOf("notes");
    expect(notesTab.notes).toEqual([]);
    expect(notesTab.notesWithheld).toBe(true);
    const attribute = (await pageOf("feedback")).scorecards!.attributes[0]!;
    expect(await post({ intent: "save-scorecard", [`rating.${attribute.id}`]: "4", notes: "Great" })).toMatchObject({ data: { done: "Draft saved. Only you see it until you submit it." } });
    expect(await post({ intent: "submit-scorecard", [`rating.${attribute.id}`]: "9", recommendation: "yes" })).toMatchObject({ status: 400, data: { errors: { [`ratings.${attribute.id}`]: "Choose a rating from 1 to 4." } } });
    expect(await post({ intent: "submit-scorecard", [`rating.${attribute.id}`]: "4", recommendation: "strong_yes", notes: "Great" })).toMatchObject({ data: { done: "Feedback submitted." } });
    const after = await pageOf("notes");
    expect(after.notes.map((note) => note.body)).toEqual(["Owner thinks: strong"]);
    expect(after.notesWithheld).toBe(false);
    const mine = await getApplicationFeedback(db(), interviewer.staff, { id: application.id, stageId: application.stageId });
    expect(mine.mine).toMatchObject({ recommendation: "strong_yes", notes: "Great", ratings: [expect.objectContaining({ rating: 4 })] });
  });
});

describe("the stage automation: ask the hiring team for feedback (decision 099)", () => {
  it("asks the job's hiring team, but not the mover, when a candidate enters the stage, one at a time or in bulk", async () => {
    const { owner, job, application, interviewer, manager, interview } = await setup();
    const waiting = await createTestApplication(db(), job, { candidateName: "Wendy Waiting" });
    const bulkOne = await createTestApplication(db(), job, { candidateName: "Bea Bulk" });
    await setHiringTeamMember(db(), owner.staff, job.id, interviewer.staff.userId, "interviewer");
    await setHiringTeamMember(db(), owner.staff, job.id, manager.staff.userId, "hiring_manager");
    await setHiringTeamMember(db(), owner.staff, job.id, owner.staff.userId, "recruiter");
    const toggled = await callAction(planRoute.action, { path: `/manage/jobs/${job.id}/interview-plan`, params: { id: job.id }, cookie: owner.cookie, form: { intent: "set-entry-feedback", stageId: interview.id, on: "1" } });
    expect(toggled.status).toBe(302);
    expect((await getInterviewPlan(db(), owner.staff, job.id))[1]!.entryFeedback).toBe(true);

    // Sam was in Interview before it asked: nobody was asked. Wendy enters it now.
    expect(await listFeedbackRequests(db(), owner.staff, application.id)).toEqual([]);
    await moveApplication(db(), owner.staff, waiting.id, interview.id);
    expect((await listFeedbackRequests(db(), owner.staff, waiting.id)).map((r) => r.reviewerName).sort()).toEqual(["Hana Manager", "Ivo Interviewer"]);
    const history = (await listSubjectActivity(db(), owner.staff, waiting.id)).map(describeActivity);
    expect(history).toContainEqual(expect.stringMatching(/^Feedback on Wendy Waiting asked of (Ivo Interviewer, Hana Manager|Hana Manager, Ivo Interviewer)$/));
    // The interviewer now sees Wendy, and may give feedback on her.
    expect((await getApplicationFeedback(db(), interviewer.staff, { id: waiting.id, stageId: interview.id })).pending).toHaveLength(2);

    await bulkMoveApplications(db(), owner.staff, [bulkOne.id], interview.id);
    expect(await listFeedbackRequests(db(), owner.staff, bulkOne.id)).toHaveLength(2);

    // Turned off, entering asks nobody.
    await setStageEntryFeedback(db(), owner.staff, job.id, interview.id, false);
    const later = await createTestApplication(db(), job, { candidateName: "Lou Later" });
    await moveApplication(db(), owner.staff, later.id, interview.id);
    expect(await listFeedbackRequests(db(), owner.staff, later.id)).toEqual([]);
    const outsider = await createStaff(db(), app.t.auth);
    await expect(setStageEntryFeedback(db(), outsider.staff, job.id, interview.id, true)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

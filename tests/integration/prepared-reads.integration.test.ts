import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "../../db/schema";
import { getApplicationDetail } from "~/server/applications/queries.server";
import { recordActivity } from "~/server/activity/activity.server";
import { listCandidateActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { findPossibleDuplicates } from "~/server/candidates/duplicates.server";
import { getCandidate } from "~/server/candidates/queries.server";
import { mailerFor } from "~/server/mail/mailer.server";
import { addNote } from "~/server/notes/notes.server";
import { listInterviews, scheduleInterview } from "~/server/interviews/interviews.server";
import { InterviewSchema } from "~/schemas/interview";
import { listNotes } from "~/server/notes/queries.server";
import { listErasureRequests, listFeedbackTodos, listWaitingCandidates } from "~/server/dashboard/todos.server";
import { preparedRead } from "~/server/platform/tenancy.server";
import { requestFeedback } from "~/server/team/feedback-requests.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

/*
 * Hot reads built once and prepared (decision 100): the actor's company and user are placeholders,
 * filled in on every call, and each role scope has its own statement. A statement kept for one
 * actor must never answer for another.
 */
describe("prepared reads", () => {
  it("answer each actor by their own company and role, whoever asked first", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const interviewer = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
    const stranger = await createStaff(db(), app.t.auth);
    const job = await createTestJob(db(), owner.staff);
    const application = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });

    expect((await getApplicationDetail(db(), owner.staff, application.id))?.candidateName).toBe("Grace Hopper");
    // The same statement for another company's admin: their company is filled in, not the first caller's.
    expect(await getApplicationDetail(db(), stranger.staff, application.id)).toBeNull();
    // An interviewer's scope is a statement of its own: not asked, not seen; asked, seen.
    expect(await getApplicationDetail(db(), interviewer.staff, application.id)).toBeNull();
    await requestFeedback(db(), owner.staff, application.id, [interviewer.staff.userId]);
    expect((await getApplicationDetail(db(), interviewer.staff, application.id))?.candidateName).toBe("Grace Hopper");
    expect((await getApplicationDetail(db(), owner.staff, application.id))?.candidateName).toBe("Grace Hopper");
    expect(await listSubjectActivity(db(), stranger.staff, application.id)).toEqual([]);
  });

  it("of a candidate's page (decision 101) answer each company by its own, whoever asked first", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const stranger = await createStaff(db(), app.t.auth);
    const job = await createTestJob(db(), owner.staff);
    const ada = await createTestApplication(db(), job, { candidateName: "Ada Lovelace", candidateEmail: "ada.lovelace@example.test" });
    const twin = await createTestApplication(db(), job, { candidateName: "Ada Lovelace", candidateEmail: "ada.lovelace@example.org" });
    const candidateId = ada.candidateId!;
    await addNote(db(), owner.staff, { candidateId }, { body: "Met at the fair." }, mailerFor(db()));
    await recordActivity(db(), {
      companyId: owner.staff.companyId,
      actorId: null,
      type: "application_received",
      subjectType: "application",
      subjectId: ada.id,
      data: { candidateName: "Ada Lovelace", jobId: job.id, jobTitle: "Engineer" },
    });
    const page = (actor: typeof owner.staff) =>
      Promise.all([getCandidate(db(), actor, candidateId), listNotes(db(), actor, { candidateId }), listCandidateActivity(db(), actor, candidateId), findPossibleDuplicates(db(), actor, candidateId)]);

    expect(await page(stranger.staff)).toEqual([null, [], [], []]);
    const [candidate, notes, history, duplicates] = await page(owner.staff);
    expect(candidate?.name).toBe("Ada Lovelace");
    expect(candidate?.applications.map((a) => a.id)).toEqual([ada.id]);
    expect(notes.map((note) => note.body)).toEqual(["Met at the fair."]);
    expect(history.map((item) => item.subjectId)).toEqual([ada.id]);
    expect(duplicates.map((duplicate) => [duplicate.id, duplicate.name, duplicate.email, duplicate.reasons])).toEqual([
      [twin.candidateId, "Ada Lovelace", "ada.lovelace@example.org", ["name_email"]],
    ]);
    // And the statements kept for the owner's company answer a stranger with nothing again.
    expect(await page(stranger.staff)).toEqual([null, [], [], []]);
  });

  it("of an application's interviews answer each actor by their company and role, whoever asked first", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const onIt = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
    const notOnIt = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Nia Other" });
    const stranger = await createStaff(db(), app.t.auth);
    const job = await createTestJob(db(), owner.staff);
    const application = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });
    const input = InterviewSchema.parse({ title: "Screening", date: "2099-01-15", startTime: "10:00", durationMinutes: "45", timeZone: "UTC", interviewerIds: [onIt.staff.userId] });
    await scheduleInterview(db(), owner.staff, application.id, input, mailerFor(db()));
    const titles = async (actor: typeof owner.staff) => (await listInterviews(db(), actor, { applicationId: application.id })).map((interview) => interview.title);

    expect(await titles(stranger.staff)).toEqual([]);
    expect(await titles(notOnIt.staff)).toEqual([]);
    expect(await titles(onIt.staff)).toEqual(["Screening"]);
    expect(await titles(owner.staff)).toEqual(["Screening"]);
    expect(await titles(stranger.staff)).toEqual([]);
    expect(await titles(notOnIt.staff)).toEqual([]);
  });

  it("of the dashboard's to-dos (decision 126) answer each actor by their company and role, whoever asked first", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const asked = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
    const notAsked = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Nia Other" });
    const stranger = await createStaff(db(), app.t.auth);
    const job = await createTestJob(db(), owner.staff);
    const application = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });
    await requestFeedback(db(), owner.staff, application.id, [asked.staff.userId]);
    const owed = async (actor: typeof owner.staff) => (await listFeedbackTodos(db(), actor)).rows.map((row) => row.candidateName);

    // Twice round, so that the second asks of each scope meet a statement another actor prepared.
    for (let round = 0; round < 2; round++) {
      expect(await owed(stranger.staff)).toEqual([]);
      expect(await owed(asked.staff)).toEqual(["Grace Hopper"]);
      expect(await owed(notAsked.staff)).toEqual([]);
      expect(await owed(owner.staff)).toEqual([]);
      expect((await listWaitingCandidates(db(), stranger.staff)).rows).toEqual([]);
      expect((await listErasureRequests(db(), owner.staff)).total).toBe(0);
    }
  });

  it("are built once per database and role scope, and take their values on every call", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const interviewer = await createMember(db(), app.t.auth, owner.staff, "interviewer");
    const job = await createTestJob(db(), owner.staff);
    const first = await createTestApplication(db(), job, { candidateName: "First" });
    const second = await createTestApplication(db(), job, { candidateName: "Second" });
    let builds = 0;
    const nameOf = (actor: typeof owner.staff, id: string) =>
      preparedRead(
        db(),
        actor,
        "test_candidate_name",
        (actor) => {
          builds += 1;
          return db()
            .select({ name: applications.candidateName })
            .from(applications)
            .where(sql`${applications.id} = ${sql.placeholder("id")} and ${applications.companyId} = ${actor.companyId}`);
        },
        { id },
      );
    expect(await nameOf(owner.staff, first.id)).toEqual([{ name: "First" }]);
    expect(await nameOf(owner.staff, second.id)).toEqual([{ name: "Second" }]);
    expect(builds).toBe(1);
    await nameOf(interviewer.staff, first.id);
    expect(builds).toBe(2);
  });
});

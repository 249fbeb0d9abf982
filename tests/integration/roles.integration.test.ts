import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cvs, invitations, profiles } from "../../db/schema";
import * as applicationRoute from "~/routes/staff/application";
import * as pipelineRoute from "~/routes/staff/pipeline";
import { describeActivity, listRecentActivity, listSubjectActivity } from "~/server/activity/queries.server";
import { bulkMoveApplications } from "~/server/applications/bulk.server";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { findJobChoices, getApplicationDetail, listApplications } from "~/server/applications/queries.server";
import { getCvFile } from "~/server/cvs/queries.server";
import { getDashboardStats } from "~/server/dashboard/queries.server";
import { listHiringTeam, removeHiringTeamMember, setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { getStaffJob, listStaffJobs } from "~/server/jobs/queries.server";
import { listFeedbackRequests, REVIEWER_NOT_IN_TEAM, requestFeedback } from "~/server/team/feedback-requests.server";
import { acceptInvitationInTransaction, changeMemberRole, inviteMember, listTeam, removeMember } from "~/server/team/team.server";
import { createMember, createStaff, createTestApplication, createTestJob, uniqueEmail } from "../factories";
import { callLoader, setUpAppTestDatabase } from "../helpers/route-test";
import { mailerFor } from "~/server/mail/mailer.server";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

/** A company with two jobs of two applications each, a hiring manager on the first job's team and an interviewer. */
async function company() {
  const owner = await createStaff(db(), app.t.auth);
  const stages = [{ name: "Applied" }, { name: "Interview" }, { name: "Hired" }, { name: "Rejected" }];
  const form_schema = [
    { id: "salary", type: "text", label: "Expected salary", required: false, order: 1 },
    { id: "github", type: "text", label: "GitHub profile", required: false, order: 2 },
  ] as const;
  const ours = await createTestJob(db(), owner.staff, { title: "Our Job", stages, form_schema: [...form_schema] });
  const other = await createTestJob(db(), owner.staff, { title: "Other Job", stages });
  const salaryForm = { cover_letter: "Hello", custom_fields: { salary: "90,000", github: "octo" } };
  const a1 = await createTestApplication(db(), ours, { candidateName: "Ada One", formData: salaryForm });
  const a2 = await createTestApplication(db(), ours, { candidateName: "Ada Two" });
  const b1 = await createTestApplication(db(), other, { candidateName: "Bo One" });
  const b2 = await createTestApplication(db(), other, { candidateName: "Bo Two" });
  const manager = await createMember(db(), app.t.auth, owner.staff, "hiring_manager", { fullName: "Hana Manager" });
  const interviewer = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
  await setHiringTeamMember(db(), owner.staff, ours.id, manager.staff.userId, "hiring_manager");
  return { owner, ours, other, a1, a2, b1, b2, manager, interviewer };
}

const names = (rows: readonly { candidateName: string }[]) => rows.map((row) => row.candidateName).sort();

describe("a hiring manager (decision 096)", () => {
  it("sees the jobs whose hiring team they are on, their applications and nothing else", async () => {
    const { ours, other, a1, b1, manager, owner } = await company();
    const hm = manager.staff;
    expect((await listStaffJobs(db(), hm, {})).rows.map((job) => job.title)).toEqual(["Our Job"]);
    expect((await listStaffJobs(db(), owner.staff, {})).rows).toHaveLength(2);
    expect(await getStaffJob(db(), hm, other.id)).toBeNull();
    expect(await getPipelineBoard(db(), hm, other.id)).toBeNull();
    expect(await getPipelineBoard(db(), hm, ours.id)).not.toBeNull();
    const list = await listApplications(db(), hm, {});
    expect(names(list.rows)).toEqual(["Ada One", "Ada Two"]);
    expect(list.total).toBe(2);
    expect((await listApplications(db(), hm, { status: "active" })).total).toBe(2);
    expect((await listApplications(db(), hm, { q: "Bo" })).rows).toEqual([]);
    expect(await getApplicationDetail(db(), hm, b1.id)).toBeNull();
    expect(await getApplicationDetail(db(), hm, a1.id)).not.toBeNull();
    expect((await findJobChoices(db(), hm, "")).jobs.map((job) => job.title)).toEqual(["Our Job"]);
    expect(await getDashboardStats(db(), hm, new Date(0))).toEqual({ activeJobs: 1, applicationsToday: 2, pendingReviews: 2 });
    expect(await getDashboardStats(db(), owner.staff, new Date(0))).toEqual({ activeJobs: 2, applicationsToday: 4, pendingReviews: 4 });
  });

  it("moves only their jobs' candidates, one at a time or in bulk", async () => {
    const { ours, other, a1, b1, manager } = await company();
    await expect(moveApplication(db(), manager.staff, b1.id, other.stages[1]!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await moveApplication(db(), manager.staff, a1.id, ours.stages[1]!.id)).toMatchObject({ moved: true });
    await expect(bulkMoveApplications(db(), manager.staff, [b1.id], other.stages[1]!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const denied = await callLoader(pipelineRoute.loader, { path: `/manage/jobs/${other.id}`, cookie: manager.cookie, params: { jobId: other.id } });
    expect(denied.status).toBe(404);
  });

  it("loses the job when taken off its team", async () => {
    const { ours, manager, owner } = await company();
    expect(await listHiringTeam(db(), owner.staff, ours.id)).toEqual([{ userId: manager.staff.userId, name: "Hana Manager", teamRole: "hiring_manager" }]);
    await removeHiringTeamMember(db(), owner.staff, ours.id, manager.staff.userId);
    expect((await listStaffJobs(db(), manager.staff, {})).rows).toEqual([]);
    expect((await listApplications(db(), manager.staff, {})).rows).toEqual([]);
  });
});

describe("an interviewer (decision 096)", () => {
  it("sees only the applications they were asked to review, with the CV, and without salary answers", async () => {
    const { ours, a1, a2, b1, owner, interviewer, manager } = await company();
    const iv = interviewer.staff;
    expect((await listApplications(db(), iv, {})).rows).toEqual([]);
    expect(await requestFeedback(db(), manager.staff, a1.id, [iv.userId])).toEqual(["Ivo Interviewer"]);
    // Asking again changes nothing and writes no second history entry.
    expect(await requestFeedback(db(), owner.staff, a1.id, [iv.userId])).toEqual([]);
    const list = await listApplications(db(), iv, {});
    expect(names(list.rows)).toEqual(["Ada One"]);
    expect(list.total).toBe(1);
    expect(await getApplicationDetail(db(), iv, a2.id)).toBeNull();
    expect(await getStaffJob(db(), iv, ours.id)).toBeNull();
    expect(await getDashboardStats(db(), iv, new Date(0))).toEqual({ activeJobs: 0, applicationsToday: 1, pendingReviews: 1 });
    const history = (await listSubjectActivity(db(), owner.staff, a1.id)).map(describeActivity);
    expect(history.filter((line) => line.startsWith("Feedback on"))).toEqual(["Feedback on Ada One asked of Ivo Interviewer"]);
    expect((await listRecentActivity(db(), iv, 10)).every((item) => item.subjectId === a1.id)).toBe(true);
    expect((await listFeedbackRequests(db(), owner.staff, a1.id)).map((r) => [r.reviewerName, r.requestedByName])).toEqual([["Ivo Interviewer", "Hana Manager"]]);

    // The CV of a candidate they review, and no other.
    const cv = async (candidateId: string) => {
      const [row] = await db()
        .insert(cvs)
        .values({ companyId: owner.staff.companyId, candidateId, fileName: "cv.pdf", kind: "pdf", sizeBytes: 10, sha256: "x".repeat(64), storageKey: `k-${candidateId}` })
        .returning({ id: cvs.id });
      return row!.id;
    };
    const mine = await cv(a1.candidateId!);
    const theirs = await cv(b1.candidateId!);
    expect(await getCvFile(db(), iv, a1.candidateId!, mine)).not.toBeNull();
    expect(await getCvFile(db(), iv, b1.candidateId!, theirs)).toBeNull();
    expect(await getCvFile(db(), owner.staff, b1.candidateId!, theirs)).not.toBeNull();

    // Their page: no salary answer, nothing to decide with, no emails (the Emails tab is not theirs: asked for, it is the overview), no templates.
    const page = await callLoader(applicationRoute.loader, { path: `/applications/${a1.id}?tab=email`, cookie: interviewer.cookie, params: { applicationId: a1.id } });
    expect(page.status).toBe(200);
    const data = page.data as Awaited<ReturnType<typeof applicationRoute.loader>>;
    expect(data.allowed).toEqual({ decide: false, email: false, candidates: false, jobs: false, interviews: false });
    expect(data.application.answers.map((answer) => answer.label)).toEqual(["GitHub profile"]);
    expect(data.application.answers.map((answer) => answer.answer)).not.toContain("90,000");
    expect(data.tab).toBe("overview");
    expect(data.tabs.map((tab) => tab.label)).toEqual(["Overview", "Feedback", "Notes", "History"]);
    expect(data.emails).toEqual([]);
    expect(data.templates).toEqual([]);
    expect(data.rejection).toBeNull();
    const owners = await callLoader(applicationRoute.loader, { path: `/applications/${a1.id}`, cookie: owner.cookie, params: { applicationId: a1.id } });
    expect((owners.data as typeof data).application.answers.map((answer) => answer.answer)).toContain("90,000");
    const other = await callLoader(applicationRoute.loader, { path: `/applications/${a2.id}`, cookie: interviewer.cookie, params: { applicationId: a2.id } });
    expect(other.status).toBe(404);
  });

  it("is asked only as a member of the company", async () => {
    const { a1, owner } = await company();
    const outsider = await createStaff(db(), app.t.auth);
    await expect(requestFeedback(db(), owner.staff, a1.id, [outsider.staff.userId])).rejects.toMatchObject({ code: "INVALID", message: REVIEWER_NOT_IN_TEAM });
    await expect(requestFeedback(db(), outsider.staff, a1.id, [outsider.staff.userId])).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setHiringTeamMember(db(), owner.staff, a1.jobId, outsider.staff.userId, "interviewer")).rejects.toMatchObject({ code: "INVALID" });
    await expect(setHiringTeamMember(db(), outsider.staff, a1.jobId, outsider.staff.userId, "interviewer")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("roles in the team (decision 096)", () => {
  it("makes the owner an admin; an invitation gives its role; admins change roles, never the owner's or their own", async () => {
    const owner = await createStaff(db(), app.t.auth);
    expect((await db().select({ role: profiles.role }).from(profiles).where(eq(profiles.id, owner.staff.userId)))[0]!.role).toBe("admin");
    const email = uniqueEmail("iv");
    const { id } = await inviteMember(db(), mailerFor(db()), owner.staff, { email, role: "interviewer" }, "http://localhost");
    expect((await db().select({ role: invitations.role }).from(invitations).where(eq(invitations.id, id)))[0]!.role).toBe("interviewer");
    const joiner = await createStaff(db(), app.t.auth);
    await db().transaction((tx) => acceptInvitationInTransaction(tx, { id, companyId: owner.staff.companyId, email }, joiner.staff.userId));
    const team = await listTeam(db(), owner.staff);
    expect(team.canManage).toBe(true);
    expect(team.members.find((m) => m.userId === joiner.staff.userId)?.role).toBe("interviewer");

    const admin = await createMember(db(), app.t.auth, owner.staff, "admin");
    await changeMemberRole(db(), admin.staff, joiner.staff.userId, "hiring_manager");
    expect((await listTeam(db(), owner.staff)).members.find((m) => m.userId === joiner.staff.userId)?.role).toBe("hiring_manager");
    await expect(changeMemberRole(db(), admin.staff, owner.staff.userId, "recruiter")).rejects.toMatchObject({ code: "FORBIDDEN", message: "The owner is always an admin." });
    await expect(changeMemberRole(db(), admin.staff, admin.staff.userId, "recruiter")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(removeMember(db(), admin.staff, owner.staff.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const recruiter = await createMember(db(), app.t.auth, owner.staff, "recruiter");
    await expect(changeMemberRole(db(), recruiter.staff, joiner.staff.userId, "admin")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(inviteMember(db(), mailerFor(db()), recruiter.staff, { email: uniqueEmail(), role: "admin" }, "http://localhost")).rejects.toMatchObject({ code: "FORBIDDEN" });
    const outsider = await createStaff(db(), app.t.auth);
    await expect(changeMemberRole(db(), owner.staff, outsider.staff.userId, "recruiter")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

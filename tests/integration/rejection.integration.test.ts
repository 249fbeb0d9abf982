import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, applications, emailMessages, emailTemplates, rejectionReasons } from "../../db/schema";
import * as applicationRoute from "~/routes/staff/application";
import * as hiringSettingsRoute from "~/routes/staff/settings-hiring";
import * as pipelineRoute from "~/routes/staff/pipeline";
import { REJECTION_MESSAGES } from "~/schemas/rejection";
import { getPipelineBoard } from "~/server/applications/pipeline-queries.server";
import { ALREADY_REJECTED, changeApplicationStatus, moveApplication, rejectApplication } from "~/server/applications/pipeline.server";
import {
  addRejectionReason,
  DEFAULT_REJECTION_REASONS,
  deleteRejectionReason,
  listRejectionReasons,
  moveRejectionReason,
  REASONS_ADMINS_ONLY,
  renameRejectionReason,
} from "~/server/applications/rejection-reasons.server";
import { cancelWaitingEmails } from "~/server/mail/candidate-emails.server";
import { listEmailTemplates } from "~/server/mail/email-templates.server";
import { listMentionableMembers } from "~/server/notes/members.server";
import { listRejectionChoices } from "~/server/applications/choices.server";
import { acceptInvitation, inviteMember } from "~/server/team/team.server";
import { linkIn } from "../e2e/accounts-mailbox";
import { createStaff, createTestApplication, createTestJob, rejectFor, uniqueEmail } from "../factories";
import { callAction, callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";
import { LINK_BASE } from "../helpers/test-database";

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;

async function setup() {
  const owner = await createStaff(db(), app.bed.auth);
  const job = await createTestJob(db(), owner.staff, { stages: [{ name: "Applied" }, { name: "Screening" }, { name: "Offer" }] });
  const application = await createTestApplication(db(), job, { candidateEmail: uniqueEmail("candidate") });
  const reasons = await listRejectionReasons(db(), owner.staff);
  const reason = (name: string) => reasons.find((r) => r.name === name)!.id;
  return { owner, job, application, reason };
}

const applicationRow = async (id: string) =>
  (
    await db()
      .select({ status: applications.status, reason: applications.rejectionReason, rejectedAt: applications.rejectedAt, stageId: applications.currentPipelineStageId })
      .from(applications)
      .where(eq(applications.id, id))
  )[0]!;

const emailsOf = (applicationId: string) =>
  db()
    .select({ id: emailMessages.id, kind: emailMessages.kind, status: emailMessages.status, subject: emailMessages.subject, attempts: emailMessages.attempts })
    .from(emailMessages)
    .where(eq(emailMessages.applicationId, applicationId));

describe("rejection reasons", () => {
  it("start as the starter list for a new company, in order, and are each company's own", async () => {
    const { owner } = await setup();
    const other = await createStaff(db(), app.bed.auth);
    expect((await listRejectionReasons(db(), owner.staff)).map((r) => r.name)).toEqual([...DEFAULT_REJECTION_REASONS]);
    const theirs = await listRejectionReasons(db(), other.staff);
    const mine = await listRejectionReasons(db(), owner.staff);
    expect(theirs.filter((reason) => mine.some((m) => m.id === reason.id))).toEqual([]);
  });

  it("are added at the end, renamed, moved and removed by the owner; names are one per company whatever their case", async () => {
    const { owner } = await setup();
    const actor = owner.staff;
    const added = await addRejectionReason(db(), actor, "Salary expectations");
    const names = async () => (await listRejectionReasons(db(), actor)).map((r) => r.name);
    expect((await names()).at(-1)).toBe("Salary expectations");
    await expect(addRejectionReason(db(), actor, "not QUALIFIED")).rejects.toMatchObject({ code: "CONFLICT", details: { field: "name" } });

    await renameRejectionReason(db(), actor, added.id, "Salary");
    await moveRejectionReason(db(), actor, added.id, "up");
    expect(await names()).toEqual(["Not qualified", "Withdrew", "Hired elsewhere", "Position filled", "Salary", "Other"]);
    const first = (await listRejectionReasons(db(), actor))[0]!;
    await moveRejectionReason(db(), actor, first.id, "up"); // already first: nothing changes
    await moveRejectionReason(db(), actor, first.id, "down");
    expect((await names()).slice(0, 2)).toEqual(["Withdrew", "Not qualified"]);

    await deleteRejectionReason(db(), actor, added.id);
    expect(await names()).not.toContain("Salary");
    await expect(deleteRejectionReason(db(), actor, added.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("cannot be changed by a member who is not the owner, nor touched across companies", async () => {
    const { owner } = await setup();
    const colleague = await createStaff(db(), app.bed.auth);
    await inviteMember(db(), app.bed.mailer, owner.staff, { email: colleague.email }, LINK_BASE);
    const token = linkIn(await app.bed.mailbox.waitFor(colleague.email, { subject: /invited/ }), "/invitations/").split("/invitations/")[1]!;
    await acceptInvitation(db(), { userId: colleague.staff.userId, email: colleague.email }, token);
    const member = { userId: colleague.staff.userId, companyId: owner.staff.companyId };
    await expect(addRejectionReason(db(), member, "Nope")).rejects.toMatchObject({ code: "FORBIDDEN", message: REASONS_ADMINS_ONLY });
    // The member still sees the list (the reject dialog needs it).
    expect(await listRejectionReasons(db(), member)).toHaveLength(DEFAULT_REJECTION_REASONS.length);

    const stranger = await createStaff(db(), app.bed.auth);
    const theirs = (await listRejectionReasons(db(), stranger.staff))[0]!;
    await expect(renameRejectionReason(db(), owner.staff, theirs.id, "Mine now")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteRejectionReason(db(), owner.staff, theirs.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(moveRejectionReason(db(), owner.staff, theirs.id, "down")).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listRejectionReasons(db(), stranger.staff))[0]).toEqual(theirs);
  });
});

describe("rejecting", () => {
  it("records the reason's name, the time and the history entry, and the name stays when the reason is renamed", async () => {
    const { owner, application, reason } = await setup();
    const before = Date.now();
    const result = await rejectApplication(db(), owner.staff, application.id, { reasonId: reason("Position filled"), email: null });
    expect(result).toMatchObject({ reason: "Position filled", emailId: null });
    const row = await applicationRow(application.id);
    expect(row).toMatchObject({ status: "rejected", reason: "Position filled", stageId: application.stageId });
    expect(row.rejectedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const [event] = await db()
      .select({ data: activityEvents.data })
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, application.id), eq(activityEvents.type, "application_status_changed")));
    expect(event!.data).toMatchObject({ from: "active", to: "rejected", reason: "Position filled" });

    await renameRejectionReason(db(), owner.staff, reason("Position filled"), "Role filled");
    expect((await applicationRow(application.id)).reason).toBe("Position filled");
    await expect(rejectFor(db(), owner.staff, application.id)).rejects.toMatchObject({ code: "CONFLICT", message: ALREADY_REJECTED });
  });

  it("refuses a reason of another company or one removed meanwhile, and changes nothing", async () => {
    const { owner, application } = await setup();
    const stranger = await createStaff(db(), app.bed.auth);
    const theirReason = (await listRejectionReasons(db(), stranger.staff))[0]!;
    await expect(rejectApplication(db(), owner.staff, application.id, { reasonId: theirReason.id, email: null })).rejects.toMatchObject({
      code: "INVALID",
      message: REJECTION_MESSAGES.reasonGone,
      details: { field: "reasonId" },
    });
    // Nor can they reject this company's application with their own reason.
    await expect(rejectApplication(db(), stranger.staff, application.id, { reasonId: theirReason.id, email: null })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await applicationRow(application.id)).toMatchObject({ status: "active", reason: null, rejectedAt: null });
  });

  it("sends the rejection email as edited, now, to the candidate", async () => {
    const { owner, application, reason } = await setup();
    await rejectApplication(
      db(),
      owner.staff,
      application.id,
      { reasonId: reason("Not qualified"), email: { subject: "About your application", body: "Dear candidate,\nthank you.", delaySeconds: 0 } },
      app.bed.mailer,
    );
    const received = await app.bed.mailbox.waitFor(application.candidateEmail, { subject: /About your application/ });
    expect(received.text).toContain("Dear candidate,\nthank you.");
    await app.bed.mailer.idle();
    expect(await emailsOf(application.id)).toMatchObject([{ kind: "rejection", status: "sent", attempts: 1 }]);
  });

  it("holds a delayed email until it is due; it can be cancelled until then, and then it never leaves", async () => {
    const { owner, application, reason } = await setup();
    const { emailId } = await rejectApplication(
      db(),
      owner.staff,
      application.id,
      { reasonId: reason("Not qualified"), email: { subject: "Later", body: "Sent later.", delaySeconds: 3600 } },
      app.bed.mailer,
    );
    const [due] = await db()
      .select({ inSeconds: sql<number>`extract(epoch from ${emailMessages.nextAttemptAt} - now())::int` })
      .from(emailMessages)
      .where(eq(emailMessages.id, emailId!));
    expect(due!.inSeconds).toBeGreaterThan(3500);
    // The retry pass finds nothing due.
    expect(await app.bed.mailer.deliverDue()).toBe(0);

    expect(await cancelWaitingEmails(db(), owner.staff, application.id, { messageId: emailId! })).toBe(1);
    expect(await cancelWaitingEmails(db(), owner.staff, application.id, { messageId: emailId! })).toBe(0);
    // Even once its time has come, a cancelled email stays unsent.
    await db().update(emailMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(emailMessages.id, emailId!));
    expect(await app.bed.mailer.deliverDue()).toBe(0);
    expect(await emailsOf(application.id)).toMatchObject([{ status: "cancelled", attempts: 0 }]);
  });

  it("sends a delayed email once due, after which it can no longer be cancelled", async () => {
    const { owner, application, reason } = await setup();
    const { emailId } = await rejectApplication(
      db(),
      owner.staff,
      application.id,
      { reasonId: reason("Withdrew"), email: { subject: "Delayed goodbye", body: "Bye.", delaySeconds: 60 } },
      app.bed.mailer,
    );
    await db().update(emailMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(emailMessages.id, emailId!));
    expect(await app.bed.mailer.deliverDue()).toBe(1);
    await app.bed.mailbox.waitFor(application.candidateEmail, { subject: /Delayed goodbye/ });
    expect(await cancelWaitingEmails(db(), owner.staff, application.id)).toBe(0);
    expect(await emailsOf(application.id)).toMatchObject([{ status: "sent" }]);
  });

  it("is undone by reactivating: back in its stage, the reason cleared, the waiting email cancelled", async () => {
    const { owner, job, application, reason } = await setup();
    await moveApplication(db(), owner.staff, application.id, job.stages[1]!.id);
    await rejectApplication(
      db(),
      owner.staff,
      application.id,
      { reasonId: reason("Not qualified"), email: { subject: "Later", body: "Sent later.", delaySeconds: 86400 } },
      app.bed.mailer,
    );
    const undone = await changeApplicationStatus(db(), owner.staff, application.id, "active");
    expect(undone).toMatchObject({ changed: true, emailsCancelled: 1 });
    expect(await applicationRow(application.id)).toEqual({ status: "active", reason: null, rejectedAt: null, stageId: job.stages[1]!.id });
    expect(await emailsOf(application.id)).toMatchObject([{ status: "cancelled" }]);
  });
});

describe("the board", () => {
  it("keeps rejected and withdrawn applications out of the stage columns, and shows them in their lane on request", async () => {
    const { owner, job, application: first } = await setup();
    const second = await createTestApplication(db(), job, { candidateEmail: uniqueEmail("second") });
    const third = await createTestApplication(db(), job, { candidateEmail: uniqueEmail("third") });
    await moveApplication(db(), owner.staff, third.id, job.stages[1]!.id);
    await rejectFor(db(), owner.staff, first.id, { reason: "Hired elsewhere" });
    await changeApplicationStatus(db(), owner.staff, third.id, "withdrawn");

    const board = (await getPipelineBoard(db(), owner.staff, job.id))!;
    expect(board.columns.map((c) => [c.name, c.count, c.cards.map((card) => card.id)])).toEqual([
      ["Applied", 1, [second.id]],
      ["Screening", 0, []],
      ["Offer", 0, []],
    ]);
    expect(board.total).toBe(3);
    expect(board.inactive).toEqual({ count: 2, cards: null, hasMore: false });

    const shown = (await getPipelineBoard(db(), owner.staff, job.id, {}, 25))!;
    expect(shown.inactive.cards!.map((card) => [card.id, card.status, card.rejectionReason, card.stageName])).toEqual([
      [third.id, "withdrawn", null, "Screening"],
      [first.id, "rejected", "Hired elsewhere", "Applied"],
    ]);
    const one = (await getPipelineBoard(db(), owner.staff, job.id, {}, 1))!;
    expect(one.inactive).toMatchObject({ count: 2, hasMore: true });
    expect(one.inactive.cards).toHaveLength(1);

    // Undo: the card is back in the column it left.
    await changeApplicationStatus(db(), owner.staff, first.id, "active");
    const after = (await getPipelineBoard(db(), owner.staff, job.id))!;
    expect(after.columns[0]).toMatchObject({ count: 2 });
    expect(after.columns[0]!.cards.map((card) => card.id).sort()).toEqual([first.id, second.id].sort());
    expect(after.inactive.count).toBe(1);
  });

  it("answers ?rejected=<pages> with the lane, and without it only the lane's count", async () => {
    const { owner, job, application } = await setup();
    await rejectFor(db(), owner.staff, application.id);
    const page = (query: string) => callLoader(pipelineRoute.loader, { path: `/manage/jobs/${job.id}${query}`, cookie: owner.cookie, params: { jobId: job.id } });
    expect((await page("")).data).toMatchObject({ inactive: { count: 1, cards: null }, rejectedPages: 0 });
    const shown = await page("?rejected=1");
    expect(shown.data).toMatchObject({ inactive: { count: 1, cards: [{ id: application.id, rejectionReason: "Not qualified" }] }, rejectedPages: 1 });
    expect((await page("?rejected=nonsense")).data).toMatchObject({ rejectedPages: 0 });
  });
});

describe("the application page", () => {
  const request = (who: { cookie: string }, applicationId: string) => ({ path: `/applications/${applicationId}?tab=email`, cookie: who.cookie, params: { applicationId } });
  const load = (who: { cookie: string }, applicationId: string) => callLoader(applicationRoute.loader, request(who, applicationId));
  const call = (who: { cookie: string }, applicationId: string, form: Record<string, string>) =>
    callAction(applicationRoute.action, { ...request(who, applicationId), form });

  it("offers the reasons and the company's Rejection template filled in for the candidate", async () => {
    const { owner, application } = await setup();
    const page = await load(owner, application.id);
    const jobTitle = page.data!.application.job.title;
    expect(page.data).toMatchObject({
      rejection: { reasons: DEFAULT_REJECTION_REASONS.map((name) => ({ name })), email: { subject: `Your application for ${jobTitle}` } },
    });
    expect(page.data!.rejection!.email.body).toContain(`Hi ${application.candidateName},`);
    expect(page.data!.rejection!.email.templateId).not.toBeNull();
  });

  it("reads its reject choices and the team in one statement, each of them as the lists that read them alone have them (decision 145)", async () => {
    const { owner, application } = await setup();
    const other = await createStaff(db(), app.bed.auth);
    // The newest template named "Rejection", letter case and spaces aside; another company's is its own.
    const [renamed] = await db()
      .insert(emailTemplates)
      .values({ companyId: owner.staff.companyId, name: "  REJECTION ", subject: "Sorry, {{candidate_name}}", body: "Our answer", createdAt: new Date(Date.now() + 60_000) })
      .returning({ id: emailTemplates.id });
    await db().insert(emailTemplates).values({ companyId: other.staff.companyId, name: "Rejection", subject: "Theirs", body: "Theirs", createdAt: new Date(Date.now() + 120_000) });
    const choices = await listRejectionChoices(db(), owner.staff);
    expect(choices.templates).toEqual((await listEmailTemplates(db(), owner.staff)).map(({ id, name }) => ({ id, name })));
    expect(choices.reasons).toEqual(await listRejectionReasons(db(), owner.staff));
    expect(choices.rejectionTemplate).toEqual({ id: renamed!.id, subject: "Sorry, {{candidate_name}}", body: "Our answer" });
    expect(choices.members).toEqual(await listMentionableMembers(db(), owner.staff));
    expect(choices.members.map((member) => member.userId)).toEqual([owner.staff.userId]);
    // The page's Overview fills that template in, and names the team for its interviews.
    const overview = await callLoader(applicationRoute.loader, { path: `/applications/${application.id}`, cookie: owner.cookie, params: { applicationId: application.id } });
    expect(overview.data!.rejection!.email).toEqual({ templateId: renamed!.id, subject: `Sorry, ${application.candidateName}`, body: "Our answer" });
    expect(overview.data!.interviewScheduling!.teammates).toEqual([{ id: owner.staff.userId, name: choices.members[0]!.name }]);
    // Without a template of that name, the starter text, and no template to link.
    await db().delete(emailTemplates).where(and(eq(emailTemplates.companyId, owner.staff.companyId), sql`lower(trim(${emailTemplates.name})) = 'rejection'`));
    expect((await listRejectionChoices(db(), owner.staff)).rejectionTemplate).toBeNull();
    const starter = await load(owner, application.id);
    expect(starter.data!.rejection!.email).toMatchObject({ templateId: null, body: expect.stringContaining(`Hi ${application.candidateName},`) });
  });

  it("refuses a rejection without a reason or with an empty email, says why, keeps what was typed, and changes nothing", async () => {
    const { owner, application, reason } = await setup();
    const noReason = await call(owner, application.id, { intent: "reject", reasonId: "", sendEmail: "on", subject: "S", body: "B", delay: "0" });
    expect(noReason).toMatchObject({ status: 400, data: { errors: { reasonId: REJECTION_MESSAGES.reason }, rejectValues: { subject: "S", body: "B" } } });
    const emptyBody = await call(owner, application.id, { intent: "reject", reasonId: reason("Other"), sendEmail: "on", subject: "S", body: " ", delay: "3600" });
    expect(emptyBody).toMatchObject({ status: 400, data: { errors: { body: "Body is required" }, rejectValues: { reasonId: reason("Other"), delay: "3600" } } });
    const badDelay = await call(owner, application.id, { intent: "reject", reasonId: reason("Other"), sendEmail: "on", subject: "S", body: "B", delay: "5" });
    expect(badDelay.status).toBe(400);
    // The old one-click reject is gone: rejecting needs a reason.
    expect((await call(owner, application.id, { intent: "status", status: "rejected" })).status).toBe(400);
    expect(await applicationRow(application.id)).toMatchObject({ status: "active" });
    expect(await emailsOf(application.id)).toEqual([]);
  });

  it("rejects with a delayed email, shows it waiting with its time, cancels it, and undoes", async () => {
    const { owner, application, reason } = await setup();
    const rejected = await call(owner, application.id, {
      intent: "reject",
      reasonId: reason("Withdrew"),
      sendEmail: "on",
      subject: "Thank you",
      body: "We will not go on.",
      delay: "86400",
    });
    expect(rejected).toMatchObject({ status: 200, data: { done: "Rejected: Withdrew. The rejection email leaves in 1 day.", undo: true } });
    const page = await load(owner, application.id);
    expect(page.data!.application).toMatchObject({ status: "rejected", rejectionReason: "Withdrew" });
    expect(page.data!.rejection).toBeNull();
    const [email] = page.data!.emails;
    expect(email).toMatchObject({ subject: "Thank you", status: "pending" });
    expect(Date.parse(email!.scheduledFor!) - Date.now()).toBeGreaterThan(86000 * 1000);

    const other = await createStaff(db(), app.bed.auth);
    expect((await call(other, application.id, { intent: "cancel-email", messageId: email!.id })).status).toBe(404);
    expect(await call(owner, application.id, { intent: "cancel-email", messageId: email!.id })).toMatchObject({ status: 200 });
    expect(await call(owner, application.id, { intent: "cancel-email", messageId: email!.id })).toMatchObject({ status: 409 });
    expect((await load(owner, application.id)).data!.emails[0]).toMatchObject({ status: "cancelled", scheduledFor: null });

    expect(await call(owner, application.id, { intent: "undo-reject" })).toMatchObject({ data: { done: "Reactivated: back in its stage." } });
    expect(await applicationRow(application.id)).toMatchObject({ status: "active", reason: null });
  });

  it("says so when undoing cancels the rejection email that was still waiting", async () => {
    const { owner, application, reason } = await setup();
    await call(owner, application.id, { intent: "reject", reasonId: reason("Other"), sendEmail: "on", subject: "S", body: "B", delay: "3600" });
    expect(await call(owner, application.id, { intent: "undo-reject" })).toMatchObject({
      data: { done: "Reactivated: back in its stage. The rejection email was cancelled before it left." },
    });
    expect(await emailsOf(application.id)).toMatchObject([{ status: "cancelled" }]);
  });
});

describe("Settings › Hiring", () => {
  const call = (who: { cookie: string }, form?: Record<string, string>) =>
    form
      ? callAction(hiringSettingsRoute.action, { path: "/settings/hiring", form, cookie: who.cookie })
      : callLoader(hiringSettingsRoute.loader, { path: "/settings/hiring", cookie: who.cookie });

  it("lists, adds, refuses a duplicate beside its field, and says when a reason is gone", async () => {
    const { owner } = await setup();
    expect((await call(owner)).data).toMatchObject({ hiring: { canEdit: true, reasons: DEFAULT_REJECTION_REASONS.map((name) => ({ name })) } });
    const added = await call(owner, { intent: "add-reason", name: "  Relocation  " });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/settings/hiring");
    expect((await listRejectionReasons(db(), owner.staff)).at(-1)!.name).toBe("Relocation");
    expect(await call(owner, { intent: "add-reason", name: "relocation" })).toMatchObject({
      status: 409,
      data: { form: "hiring", errors: { name: "There is already a reason with that name." }, values: { intent: "add-reason", name: "relocation" } },
    });
    expect(await call(owner, { intent: "add-reason", name: "" })).toMatchObject({ status: 400, data: { errors: { name: "Reason is required" } } });
    const gone = "00000000-0000-4000-8000-000000000000";
    expect(await call(owner, { intent: "delete-reason", id: gone })).toMatchObject({ status: 404, data: { errors: { form: "That reason no longer exists." } } });
    expect((await call(owner, { intent: "nonsense" })).status).toBe(400);
    const stored = await db().select({ n: sql<number>`count(*)::int` }).from(rejectionReasons).where(eq(rejectionReasons.companyId, owner.staff.companyId));
    expect(stored[0]!.n).toBe(DEFAULT_REJECTION_REASONS.length + 1);
  });
});

// First: the folder for files and the database, before config is read (tests/helpers/files-root.ts).
import { filesRoot } from "../helpers/files-root";
import { rm } from "node:fs/promises";
import { and, asc, eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { activityEvents, applicationLinks, applications, auditEvents, candidates, cvs, emailMessages, jobs } from "../../db/schema";
import * as applyRoute from "../../app/routes/job-board/job-apply";
import * as linksRoute from "../../app/routes/candidate-page/links-request";
import * as pageRoute from "../../app/routes/candidate-page/my-application";
import * as dataRoute from "../../app/routes/candidate-page/my-data";
import * as applicationRoute from "../../app/routes/staff/application";
import * as candidateRoute from "../../app/routes/staff/candidate";
import * as dashboardRoute from "../../app/routes/staff/dashboard";
import * as eraseRoute from "../../app/routes/staff/candidate-erase";
import { CANDIDATE_PAGE_MESSAGES } from "~/schemas/candidate-page";
import { InterviewSchema } from "~/schemas/interview";
import { moveApplication } from "~/server/applications/pipeline.server";
import { scheduleInterview } from "~/server/interviews/interviews.server";
import { applicationEmailWorker } from "~/server/mail/candidate-emails.server";
import { appMailer, mailerFor } from "~/server/mail/mailer.server";
import { PRIVATE_LINK_HIDDEN } from "~/server/privacy/application-links.server";
import { addNote } from "~/server/notes/notes.server";
import { extractCvTask } from "~/server/cvs/extract-cv.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { fileStorage } from "~/server/storage/storage.server";
import { createMember, createStaff, createTestJob, setProfile, stagesOf } from "../factories";
import { setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 17: the candidate's own page of an application (decision 119). */

const app = setUpAppTestDatabase();
let queue: Queue;
beforeAll(async () => {
  // The queue's tables: an uploaded CV's text extraction is queued with it.
  queue = await startQueue(app.t, [extractCvTask], { pollingIntervalSeconds: 3600 });
});
afterAll(async () => {
  await queue.stop();
  await rm(filesRoot, { recursive: true, force: true });
});

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let client = 0;
const nextIp = () => `203.0.113.${(client += 1)}`;

/** Waits for the emails the app's workers are writing and sending. */
async function settle() {
  await applicationEmailWorker(app.t.db, appMailer()).idle();
  await mailerFor(app.t.db).idle();
  await appMailer().idle();
}

const emailsTo = (to: string) => app.t.db.select().from(emailMessages).where(eq(emailMessages.to, to)).orderBy(asc(emailMessages.createdAt));

/** The page's token in an email's body. */
function tokenIn(body: string): string {
  const match = /http:\/\/localhost:3000\/my-application\/([\w-]{43})/.exec(body);
  expect(match, body).not.toBeNull();
  return match![1]!;
}

async function company(name: string) {
  const owner = await createStaff(app.t.db, app.t.auth, { companyName: name });
  const job = await createTestJob(app.t.db, owner.staff, { title: "Lamplighter" });
  await app.t.db.update(jobs).set({ cvField: "optional" }).where(eq(jobs.id, job.id));
  return { ...owner, job };
}

async function apply(jobId: string, name: string, email: string, cv?: string) {
  const form = new FormData();
  form.set("candidate_name", name);
  form.set("candidate_email", email);
  form.set("privacy_consent", "on");
  if (cv) form.set("cv", new File([cv], "cv.txt", { type: "text/plain" }));
  const applied = await callAction(applyRoute.action, { path: `/jobs/${jobId}/lamplighter/apply`, params: { id: jobId, slug: "lamplighter" }, form, ip: nextIp() });
  expect(applied.status).toBe(302);
  await settle();
  const [row] = await app.t.db
    .select({ id: applications.id, candidateId: applications.candidateId })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.candidateEmail, email)));
  const [confirmation] = (await emailsTo(email)).filter((message) => message.kind === "application-received");
  return { ...row!, token: tokenIn(confirmation!.body) };
}

const page = (token: string) => callLoader(pageRoute.loader, { path: `/my-application/${token}`, params: { token } });
const post = (token: string, form: Record<string, string> | FormData) =>
  callAction(pageRoute.action, { path: `/my-application/${token}`, params: { token }, form, ip: nextIp() });
type OpenPage = Extract<Awaited<ReturnType<typeof page>>["data"], { state: "open" }>["page"];
const openPage = async (token: string) => {
  const answer = await page(token);
  expect(answer.status).toBe(200);
  return (answer.data as { state: "open"; page: OpenPage }).page;
};

describe("the candidate's own page", () => {
  it("is linked from the confirmation email and says where the application stands in plain words", async () => {
    const acme = await company("Lantern Works");
    const applied = await apply(acme.job.id, "Odalys Brightwick", "odalys@example.test");
    const [confirmation] = await emailsTo("odalys@example.test");
    expect(confirmation!.body).toMatch(/See where your application stands, withdraw it, correct your details, upload a new CV or get a copy of your data:\nhttp:\/\/localhost:3000\/my-application\/[\w-]{43}\nThis private link works for 30 days\. For a new one, go to http:\/\/localhost:3000\/my-application$/m);
    // Only the token's hash is kept.
    const [link] = await app.t.db.select().from(applicationLinks).where(eq(applicationLinks.applicationId, applied.id));
    expect(link!.tokenHash).not.toContain(applied.token);
    expect(link!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // The team reads the confirmation in the application's thread without the link: with it a member
    // could act as the candidate (decision 122). A reply quoting it is read without it too.
    await app.t.db.insert(emailMessages).values({
      direction: "inbound",
      from: "odalys@example.test",
      to: "jobs@example.test",
      subject: "Re: We received your application",
      body: `Thank you!\n\n> ${confirmation!.body.split("\n").join("\n> ")}`,
      kind: "reply",
      status: "received",
      companyId: acme.staff.companyId,
      applicationId: applied.id,
    });
    const thread = await callLoader(applicationRoute.loader, { path: `/applications/${applied.id}?tab=email`, cookie: acme.cookie, params: { applicationId: applied.id } });
    expect(thread.status).toBe(200);
    const read = JSON.stringify(thread.data);
    expect(read).not.toContain(applied.token);
    expect(read).toContain(`data:\\n${PRIVATE_LINK_HIDDEN}\\nThis private link works for 30 days. For a new one, go to http://localhost:3000/my-application`);
    expect(read).toContain(`> ${PRIVATE_LINK_HIDDEN}`);

    let shown = await openPage(applied.token);
    expect(shown).toMatchObject({ companyName: "Lantern Works", jobTitle: "Lamplighter", status: "received", contact: { name: "Odalys Brightwick", email: "odalys@example.test", phone: "" } });
    const headers = (await page(applied.token)).headers;
    expect(headers.get("Cache-Control")).toBe("private, no-store");

    const stages = await stagesOf(app.t.db, acme.job.id);
    await moveApplication(app.t.db, acme.staff, applied.id, stages[1]!.id);
    shown = await openPage(applied.token);
    expect(shown.status).toBe("in_review");
    // Never the company's stage names.
    expect(JSON.stringify(shown)).not.toContain(stages[1]!.name);

    await scheduleInterview(
      app.t.db,
      acme.staff,
      applied.id,
      InterviewSchema.parse({ title: "Chat", date: day(3), startTime: "10:00", durationMinutes: "30", timeZone: "UTC", location: "", notesForInterviewers: "", interviewerIds: [acme.staff.userId] }),
      mailerFor(app.t.db),
    );
    expect((await openPage(applied.token)).status).toBe("interviewing");
  });

  it("lets the candidate correct their details and upload a new CV, recorded as theirs", async () => {
    const acme = await company("Wick & Sons");
    const applied = await apply(acme.job.id, "Perrin Ashdown", "perrin@example.test", "Perrin's first CV");
    const other = await apply(acme.job.id, "Someone Else", "someone.else@example.test");

    // An address another of the company's candidates has is refused, without saying whose; nothing changes.
    const taken = await post(applied.token, { intent: "contact", name: "Perrin Ashdown", email: "Someone.Else@example.test", phone: "" });
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({ ok: false, errors: { email: CANDIDATE_PAGE_MESSAGES.emailTaken } });
    // Bad input: the schema's messages, and what was typed comes back.
    const bad = await post(applied.token, { intent: "contact", name: "", email: "not an address", phone: "call me" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, values: { email: "not an address" }, errors: { name: expect.any(String), email: expect.any(String), phone: expect.any(String) } });

    const saved = await post(applied.token, { intent: "contact", name: "Perrin Ashdown-Vale", email: "perrin.vale@example.test", phone: "+44 20 7946 0000" });
    expect(saved.data).toMatchObject({ ok: true, message: CANDIDATE_PAGE_MESSAGES.contactSaved });
    const [person] = await app.t.db.select().from(candidates).where(eq(candidates.id, applied.candidateId));
    expect(person).toMatchObject({ name: "Perrin Ashdown-Vale", email: "perrin.vale@example.test", emailKey: "perrin.vale@example.test", phone: "+44 20 7946 0000" });
    const [row] = await app.t.db.select().from(applications).where(eq(applications.id, applied.id));
    expect(row).toMatchObject({ candidateName: "Perrin Ashdown-Vale", candidateEmail: "perrin.vale@example.test" });
    expect((await openPage(applied.token)).contact).toEqual({ name: "Perrin Ashdown-Vale", email: "perrin.vale@example.test", phone: "+44 20 7946 0000" });
    // The other candidate is untouched.
    expect((await openPage(other.token)).contact.email).toBe("someone.else@example.test");

    const form = new FormData();
    form.set("intent", "cv");
    form.set("cv", new File(["Perrin's second CV, with a new job on it."], "new cv.txt", { type: "text/plain" }));
    const uploaded = await post(applied.token, form);
    expect(uploaded.data).toMatchObject({ ok: true, message: CANDIDATE_PAGE_MESSAGES.cvSaved });
    const files = await app.t.db.select().from(cvs).where(eq(cvs.candidateId, applied.candidateId)).orderBy(asc(cvs.createdAt));
    expect(files.map((file) => file.fileName)).toEqual(["cv.txt", "new cv.txt"]);
    expect(files[1]!.applicationId).toBe(applied.id);
    await expect(fileStorage().get(files[1]!.storageKey)).resolves.toBeDefined();
    expect((await openPage(applied.token)).cvs.map((cv) => cv.fileName)).toEqual(["new cv.txt", "cv.txt"]);
    // A file that is not a CV is refused, and nothing is stored.
    const notCv = new FormData();
    notCv.set("intent", "cv");
    notCv.set("cv", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])], "photo.png", { type: "image/png" }));
    const refused = await post(applied.token, notCv);
    expect(refused.status).toBe(400);
    expect(await app.t.db.select().from(cvs).where(eq(cvs.candidateId, applied.candidateId))).toHaveLength(2);

    // The history shows the candidate did it; the audit trail records it with no member.
    const events = await app.t.db.select().from(activityEvents).where(eq(activityEvents.subjectId, applied.id));
    expect(events.filter((event) => event.type === "application_candidate_update").map((event) => [event.actorId, event.data.change])).toEqual([
      [null, "contact_details"],
      [null, "cv"],
    ]);
    const audit = await app.t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, applied.candidateId));
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.via, entry.data])).toEqual([
      ["candidate.updated", null, "candidate", { fields: ["name", "email", "phone"] }],
      ["candidate.updated", null, "candidate", { fields: ["cv"] }],
    ]);
    // A few corrections, not a file store: ten uploads an hour per application.
    const upload = (index: number) => {
      const again = new FormData();
      again.set("intent", "cv");
      again.set("cv", new File([`Version ${index}`], `v${index}.txt`, { type: "text/plain" }));
      return post(applied.token, again);
    };
    for (let index = 3; index <= 11; index += 1) expect((await upload(index)).status).toBe(200);
    const limited = await upload(12);
    expect(limited.status).toBe(429);
    expect(await app.t.db.select().from(cvs).where(eq(cvs.candidateId, applied.candidateId))).toHaveLength(11);
  });

  it("lets the candidate withdraw and download their data (JSON and their files, not the team's notes)", async () => {
    const acme = await company("Tallow Hall");
    const applied = await apply(acme.job.id, "Ines Marrowgate", "ines@example.test", "Ines Marrowgate, chandler.");
    // The job's hiring team: one member who takes email notifications, one who turned them off.
    const keen = await createMember(app.t.db, app.t.auth, acme.staff, "hiring_manager", { email: "keen-manager@example.test" });
    const quiet = await createMember(app.t.db, app.t.auth, acme.staff, "recruiter", { email: "quiet-recruiter@example.test" });
    await setHiringTeamMember(app.t.db, acme.staff, acme.job.id, keen.staff.userId, "hiring_manager");
    await setHiringTeamMember(app.t.db, acme.staff, acme.job.id, quiet.staff.userId, "recruiter");
    await setProfile(app.t.db, quiet.staff.userId, { emailNotifications: false });
    await addNote(app.t.db, acme.staff, { candidateId: applied.candidateId }, { body: "Private: keen but pricey." }, mailerFor(app.t.db));

    // Without the box ticked nothing happens.
    const unticked = await post(applied.token, { intent: "withdraw" });
    expect(unticked.status).toBe(400);
    expect((await openPage(applied.token)).status).toBe("received");

    const withdrawn = await post(applied.token, { intent: "withdraw", confirm: "on" });
    expect(withdrawn.data).toMatchObject({ ok: true, message: CANDIDATE_PAGE_MESSAGES.withdrawn });
    const shown = await openPage(applied.token);
    expect(shown).toMatchObject({ status: "closed", withdrawn: true });
    const [row] = await app.t.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applied.id));
    expect(row!.status).toBe("withdrawn");
    const [event] = await app.t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, applied.id), eq(activityEvents.type, "application_status_changed")));
    expect(event).toMatchObject({ actorId: null, data: { from: "active", to: "withdrawn", byCandidate: true } });
    // The hiring team is told by email (decision 123): the member who takes notifications, no one else.
    await settle();
    const told = await app.t.db.select().from(emailMessages).where(and(eq(emailMessages.kind, "candidate-withdrew"), eq(emailMessages.companyId, acme.staff.companyId)));
    expect(told.map((message) => message.to)).toEqual(["keen-manager@example.test"]);
    expect(told[0]!.subject).toBe("Ines Marrowgate withdrew from Lamplighter");
    expect(told[0]!.sentAt).not.toBeNull();
    expect(told[0]!.body).toContain(`Open the application:\nhttp://localhost:3000/applications/${applied.id}\n`);
    // The team's history says the candidate did it.
    const staffPage = await callLoader(candidateRoute.loader, { path: `/candidates/${applied.candidateId}`, cookie: acme.cookie, params: { candidateId: applied.candidateId } });
    expect(JSON.stringify(staffPage.data)).toContain("Ines Marrowgate withdrew their application");
    // Withdrawing again is refused.
    expect((await post(applied.token, { intent: "withdraw", confirm: "on" })).status).toBe(409);

    const download = await callLoader(dataRoute.loader, { path: `/my-application/${applied.token}/data`, params: { token: applied.token } });
    expect(download.response!.headers.get("content-type")).toBe("application/zip");
    expect(download.response!.headers.get("cache-control")).toBe("private, no-store");
    const files = unzipSync(new Uint8Array(await download.response!.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["candidate.json"]!));
    expect(data.candidate).toMatchObject({ name: "Ines Marrowgate", email: "ines@example.test" });
    expect(data.applications).toEqual([expect.objectContaining({ job_title: "Lamplighter", status: "Closed", privacy_notice_kind: "default" })]);
    expect(data.applications[0]).not.toHaveProperty("stage");
    expect(data.applications[0]).not.toHaveProperty("rejection_reason");
    expect(data.notes).toEqual([]);
    expect(data.scorecards).toEqual([]);
    expect(data.history).toEqual([]);
    expect(JSON.stringify(data)).not.toContain("keen but pricey");
    expect(data.emails.map((email: { subject: string }) => email.subject)).toContain("We received your application for Lamplighter");
    expect(new TextDecoder().decode(files[data.cvs[0].file]!)).toBe("Ines Marrowgate, chandler.");
    const [audit] = await app.t.db.select().from(auditEvents).where(and(eq(auditEvents.subjectId, applied.candidateId), eq(auditEvents.action, "candidate.exported")));
    expect(audit).toMatchObject({ actorId: null, via: "candidate" });
  });

  it("takes an erasure request once, tells the company's admins (only theirs) and shows it on the candidate's staff page", async () => {
    const acme = await company("Snuffer Co");
    const admin = await createMember(app.t.db, app.t.auth, acme.staff, "admin");
    const recruiter = await createMember(app.t.db, app.t.auth, acme.staff, "recruiter");
    const rival = await company("Rival Candles");
    const applied = await apply(acme.job.id, "Tobias Fennimore", "tobias@example.test");

    expect((await post(applied.token, { intent: "erasure" })).status).toBe(400);
    const asked = await post(applied.token, { intent: "erasure", confirm: "on" });
    expect(asked.data).toMatchObject({ ok: true, message: CANDIDATE_PAGE_MESSAGES.erasureRequested });
    expect((await openPage(applied.token)).erasureRequestedOn).not.toBeNull();
    expect((await post(applied.token, { intent: "erasure", confirm: "on" })).status).toBe(409);
    await settle();

    const requests = await app.t.db.select().from(emailMessages).where(eq(emailMessages.kind, "erasure-request"));
    expect(requests.map((message) => message.to).sort()).toEqual([acme.staff.email, admin.staff.email].sort());
    expect(requests.map((message) => message.to)).not.toContain(recruiter.staff.email);
    expect(requests.map((message) => message.to)).not.toContain(rival.staff.email);
    expect(requests[0]!.body).toContain(`http://localhost:3000/candidates/${applied.candidateId}`);
    const [audit] = await app.t.db.select().from(auditEvents).where(eq(auditEvents.action, "candidate.erasure_requested"));
    expect(audit).toMatchObject({ companyId: acme.staff.companyId, subjectId: applied.candidateId, actorId: null, via: "candidate" });

    const staffPage = await callLoader(candidateRoute.loader, { path: `/candidates/${applied.candidateId}`, cookie: acme.cookie, params: { candidateId: applied.candidateId } });
    expect((staffPage.data as { candidate: { erasureRequestedAt: string | null } }).candidate.erasureRequestedAt).not.toBeNull();
    // The admins' dashboard lists it with the day the answer is due; a recruiter's and another company's do not.
    const dashboard = (cookie: string) => callLoader(dashboardRoute.loader, { path: "/dashboard", cookie });
    const listed = (await dashboard(acme.cookie)).data as { erasureRequests: { total: number; rows: { id: string; candidateName: string; href: string; overdue: boolean }[] } | null };
    expect(listed.erasureRequests).toEqual({
      total: 1,
      rows: [expect.objectContaining({ id: applied.candidateId, candidateName: "Tobias Fennimore", href: `/candidates/${applied.candidateId}#privacy`, overdue: false })],
    });
    expect(((await dashboard(recruiter.cookie)).data as { erasureRequests: unknown }).erasureRequests).toBeNull();
    expect(((await dashboard(rival.cookie)).data as { erasureRequests: unknown }).erasureRequests).toBeNull();
    // Another company reaches none of it.
    const rivalPage = await callLoader(candidateRoute.loader, { path: `/candidates/${applied.candidateId}`, cookie: rival.cookie, params: { candidateId: applied.candidateId } });
    expect(rivalPage.status).toBe(404);

    // Erased by the company: the page and its links are gone.
    const erased = await callAction(eraseRoute.action, { path: `/candidates/${applied.candidateId}/erase`, cookie: acme.cookie, params: { candidateId: applied.candidateId }, form: { confirmName: "Tobias Fennimore" } });
    expect(erased.status).toBe(302);
    expect((await page(applied.token)).status).toBe(404);
    expect(await app.t.db.select().from(applicationLinks).where(eq(applicationLinks.applicationId, applied.id))).toEqual([]);
    const [person] = await app.t.db.select({ erasureRequestedAt: candidates.erasureRequestedAt }).from(candidates).where(eq(candidates.id, applied.candidateId));
    expect(person!.erasureRequestedAt).toBeNull();
    expect(((await dashboard(acme.cookie)).data as { erasureRequests: unknown }).erasureRequests).toBeNull();
  });

  it("answers an expired link with 410 and an unknown one with 404, each offering new links by email", async () => {
    const acme = await company("Ember Lane");
    const applied = await apply(acme.job.id, "Wren Halloway", "wren@example.test");
    await app.t.db.execute(sql`update application_links set expires_at = now() - interval '1 minute' where application_id = ${applied.id}`);
    const expired = await page(applied.token);
    expect(expired).toMatchObject({ status: 410, data: { state: "expired" } });
    expect(JSON.stringify(expired.data)).not.toContain("Wren");
    expect((await post(applied.token, { intent: "withdraw", confirm: "on" })).status).toBe(410);
    expect((await callLoader(dataRoute.loader, { path: `/my-application/${applied.token}/data`, params: { token: applied.token } })).status).toBe(410);

    const unknown = "A".repeat(43);
    expect(await page(unknown)).toMatchObject({ status: 404, data: { state: "unknown" } });
    expect(await page("nope")).toMatchObject({ status: 404, thrown: true });
  });

  it("emails new links, one email per company, and answers the same for an address that never applied", async () => {
    const lantern = await company("Glow Street");
    const other = await company("Spark Row");
    const first = await apply(lantern.job.id, "Mara Quell", "mara.quell@example.test");
    await apply(other.job.id, "Mara Quell", "Mara.Quell@example.test");
    const before = (await emailsTo("mara.quell@example.test")).length;

    const asked = await callAction(linksRoute.action, { path: "/my-application", form: { email: " MARA.quell@example.test " }, ip: nextIp() });
    expect(asked.data).toEqual({ ok: true, message: CANDIDATE_PAGE_MESSAGES.linksSent });
    const nobody = await callAction(linksRoute.action, { path: "/my-application", form: { email: "nobody.here@example.test" }, ip: nextIp() });
    expect(nobody.data).toEqual(asked.data);
    await settle();
    expect(await emailsTo("nobody.here@example.test")).toEqual([]);

    const sent = await app.t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, "application-links")))
      .orderBy(asc(emailMessages.subject));
    expect(sent.map((message) => [message.subject, message.companyId])).toEqual([
      ["Your applications at Glow Street", lantern.staff.companyId],
      ["Your applications at Spark Row", other.staff.companyId],
    ]);
    expect((await emailsTo("mara.quell@example.test")).length + (await emailsTo("Mara.Quell@example.test")).length).toBeGreaterThan(before);
    // The stored copy is blanked once sent (the links open the pages); the link it carried works.
    const glow = await app.t.db.select().from(applicationLinks).where(eq(applicationLinks.applicationId, first.id));
    expect(glow).toHaveLength(2);

    // Bad input gets the schema's message.
    const bad = await callAction(linksRoute.action, { path: "/my-application", form: { email: "nope" }, ip: nextIp() });
    expect(bad).toMatchObject({ status: 400, data: { ok: false, email: "nope", errors: { email: expect.any(String) } } });
  });
});

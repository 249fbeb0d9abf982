import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, emailMessages, notes, notifications } from "../../db/schema";
import * as applicationRoute from "~/routes/staff/application";
import * as candidateRoute from "~/routes/staff/candidate";
import * as layoutRoute from "~/routes/staff/layout";
import * as notificationOpenRoute from "~/routes/staff/notification-open";
import * as notificationsRoute from "~/routes/staff/notifications";
import { mentionToken } from "~/schemas/note";
import { mailerFor } from "~/server/mail/mailer.server";
import { mergeCandidates } from "~/server/candidates/merge.server";
import { countUnreadNotifications, UNREAD_CAP } from "~/server/notifications/notifications.server";
import { mentionDigestTask } from "~/server/notifications/digest.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { createStaff, createTeammate, createTestApplication, createTestJob, setProfile, uniqueEmail } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

let queue: Queue;
beforeAll(async () => {
  queue = await startQueue(app.t, [mentionDigestTask], { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await queue.stop();
  await mailerFor(app.t.db).idle();
});

/** A company with an owner (Olive), a teammate (Tom), a job and an application of Grace's. */
async function setup() {
  const owner = await createStaff(db(), app.t.auth, { fullName: "Olive Owner" });
  const teammate = await createTeammate(db(), app.t.auth, owner.staff, { fullName: "Tom Teammate" });
  const job = await createTestJob(db(), owner.staff, { title: "Lighthouse Keeper" });
  const application = await createTestApplication(db(), job, { candidateName: "Grace Hopper", candidateEmail: uniqueEmail("grace") });
  const [{ candidateId }] = (await db().select({ candidateId: applications.candidateId }).from(applications).where(eq(applications.id, application.id))) as [{ candidateId: string }];
  const page = `/applications/${application.id}?tab=notes`;
  const as = (who: { cookie: string }) => ({ path: page, cookie: who.cookie, params: { applicationId: application.id } });
  const post = (who: { cookie: string }, form: Record<string, string>) => callAction(applicationRoute.action, { ...as(who), form });
  return { owner, teammate, job, application, candidateId, page, as, post };
}

const notesOf = (applicationId: string) =>
  db().select({ id: notes.id, body: notes.body, authorId: notes.authorId, editedAt: notes.editedAt }).from(notes).where(eq(notes.applicationId, applicationId));
const notificationsOf = (userId: string) =>
  db().select({ id: notifications.id, noteId: notifications.noteId, readAt: notifications.readAt, emailedAt: notifications.emailedAt }).from(notifications).where(eq(notifications.userId, userId));
const mentionEmailsTo = (email: string) =>
  db().select({ kind: emailMessages.kind, subject: emailMessages.subject, body: emailMessages.body }).from(emailMessages).where(and(eq(emailMessages.to, email), sql`${emailMessages.kind} like 'mention%'`));

describe("notes on an application (issue 13, decision 098)", () => {
  it("are added, shown with their author newest first, on the application and on the candidate with the job named", async () => {
    const { owner, application, candidateId, as, post } = await setup();
    const added = await post(owner, { intent: "add-note", body: "First call went well.\nSee https://example.com/notes" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/applications/${application.id}?tab=notes`);
    await post(owner, { intent: "add-note", body: "Second thought" });

    const page = await callLoader(applicationRoute.loader, as(owner));
    expect(page.data!.notes.map((note) => [note.body, note.authorName, note.mine, note.edited])).toEqual([
      ["Second thought", "Olive Owner", true, false],
      ["First call went well.\nSee https://example.com/notes", "Olive Owner", true, false],
    ]);
    expect(page.data!.members.map((member) => member.name)).toEqual(["Olive Owner", "Tom Teammate"]);

    // A note on the candidate alone, and the application's, on the candidate's page.
    const onCandidate = await callAction(candidateRoute.action, {
      path: `/candidates/${candidateId}`,
      cookie: owner.cookie,
      params: { candidateId },
      form: { intent: "add-note", body: "Knows COBOL" },
    });
    expect(onCandidate.status).toBe(302);
    const candidatePage = await callLoader(candidateRoute.loader, { path: `/candidates/${candidateId}`, cookie: owner.cookie, params: { candidateId } });
    expect(candidatePage.data!.notes.map((note) => [note.body, note.application?.jobTitle ?? null])).toEqual([
      ["Knows COBOL", null],
      ["Second thought", "Lighthouse Keeper"],
      ["First call went well.\nSee https://example.com/notes", "Lighthouse Keeper"],
    ]);
    // Whom its notes may mention: the same team, read with the tags (decision 145).
    expect(candidatePage.data!.members).toEqual(page.data!.members);
  });

  it("refuses an empty or over-long note with the schema's message and keeps the text", async () => {
    const { owner, application, post } = await setup();
    expect(await post(owner, { intent: "add-note", body: "  " })).toMatchObject({ status: 400, data: { errors: { body: "Write a note" } } });
    const long = "x".repeat(5001);
    expect(await post(owner, { intent: "add-note", body: long })).toMatchObject({
      status: 400,
      data: { errors: { body: "A note must be at most 5,000 characters" }, noteValues: { intent: "add-note", body: long.slice(0, 5000) } },
    });
    expect(await notesOf(application.id)).toEqual([]);
  });

  it("are edited (shown as edited) and deleted by their author only; another member's answers 403 and stays", async () => {
    const { owner, teammate, application, as, post } = await setup();
    await post(owner, { intent: "add-note", body: "Olive's note" });
    const [note] = await notesOf(application.id);

    expect(await post(teammate, { intent: "edit-note", noteId: note!.id, body: "Tom was here" })).toMatchObject({
      status: 403,
      data: { errors: { form: "You can only change your own notes" } },
    });
    expect(await post(teammate, { intent: "delete-note", noteId: note!.id })).toMatchObject({ status: 403 });
    expect(await notesOf(application.id)).toMatchObject([{ body: "Olive's note", editedAt: null }]);

    const edited = await post(owner, { intent: "edit-note", noteId: note!.id, body: "Olive's note, corrected" });
    expect(edited.status).toBe(302);
    const page = await callLoader(applicationRoute.loader, as(owner));
    expect(page.data!.notes).toMatchObject([{ body: "Olive's note, corrected", edited: true, mine: true }]);
    expect((await callLoader(applicationRoute.loader, as(teammate))).data!.notes).toMatchObject([{ mine: false }]);

    expect((await post(owner, { intent: "delete-note", noteId: note!.id })).status).toBe(302);
    expect(await notesOf(application.id)).toEqual([]);
    // Gone: saying so, not failing.
    expect(await post(owner, { intent: "delete-note", noteId: note!.id })).toMatchObject({ status: 404, data: { errors: { form: "That note no longer exists" } } });
  });
});

describe("mentions", () => {
  it("notify the teammate once, never the writer nor someone of another company, and email them at once", async () => {
    const { owner, teammate, application, post } = await setup();
    const outsider = await createStaff(db(), app.t.auth, { fullName: "Eve Outsider" });
    const body = `${mentionToken("Tom", teammate.staff.userId)} please call. ${mentionToken("Me", owner.staff.userId)} ${mentionToken("Eve", outsider.staff.userId)} ${mentionToken("Tom again", teammate.staff.userId)}`;
    expect((await post(owner, { intent: "add-note", body })).status).toBe(302);

    const [note] = await notesOf(application.id);
    // The outsider's mention is kept as text only: no id of another company is stored.
    expect(note!.body).toBe(`${mentionToken("Tom", teammate.staff.userId)} please call. ${mentionToken("Me", owner.staff.userId)} @Eve ${mentionToken("Tom again", teammate.staff.userId)}`);
    expect(await notificationsOf(teammate.staff.userId)).toMatchObject([{ noteId: note!.id, readAt: null, emailedAt: expect.any(Date) }]);
    expect(await notificationsOf(owner.staff.userId)).toEqual([]);
    expect(await notificationsOf(outsider.staff.userId)).toEqual([]);

    const emails = await mentionEmailsTo(teammate.email);
    expect(emails).toEqual([
      {
        kind: "mention",
        subject: "Olive Owner mentioned you in a note on Grace Hopper (Lighthouse Keeper)",
        body: expect.stringContaining(`> @Tom Teammate please call. @Olive Owner @Eve @Tom Teammate\n\nOpen it: http`),
      },
    ]);
    expect(emails[0]!.body).toContain(`/applications/${application.id}?tab=notes#note-${note!.id}`);
    expect(await mentionEmailsTo(outsider.email)).toEqual([]);

    // An edit that mentions Tom again adds nothing; one that mentions someone new notifies them.
    const third = await createTeammate(db(), app.t.auth, owner.staff, { fullName: "Tess Third" });
    await post(owner, { intent: "edit-note", noteId: note!.id, body: `${body} and ${mentionToken("Tess", third.staff.userId)}` });
    expect(await notificationsOf(teammate.staff.userId)).toHaveLength(1);
    expect(await notificationsOf(third.staff.userId)).toHaveLength(1);
    expect(await mentionEmailsTo(teammate.email)).toHaveLength(1);
  });

  it("email nobody who chose the digest or never, and the digest task sends one email of all pending mentions, once", async () => {
    const { owner, teammate, application, post } = await setup();
    const quiet = await createTeammate(db(), app.t.auth, owner.staff, { fullName: "Quinn Quiet" });
    await setProfile(db(), teammate.staff.userId, { mentionEmails: "digest" });
    await setProfile(db(), quiet.staff.userId, { mentionEmails: "never" });
    await post(owner, { intent: "add-note", body: `${mentionToken("Tom", teammate.staff.userId)} first ${mentionToken("Quinn", quiet.staff.userId)}` });
    await post(owner, { intent: "add-note", body: `${mentionToken("Tom", teammate.staff.userId)} second` });
    expect(await mentionEmailsTo(teammate.email)).toEqual([]);
    expect(await notificationsOf(teammate.staff.userId)).toMatchObject([{ emailedAt: null }, { emailedAt: null }]);

    // Not due yet: the oldest mention is not a day old.
    await mentionDigestTask.enqueue(db(), {});
    await queue.runDueTasks();
    expect(await mentionEmailsTo(teammate.email)).toEqual([]);

    // A day later.
    await db().update(notifications).set({ createdAt: sql`${notifications.createdAt} - interval '25 hours'` }).where(eq(notifications.userId, teammate.staff.userId));
    await mentionDigestTask.enqueue(db(), {});
    await queue.runDueTasks();
    const digest = await mentionEmailsTo(teammate.email);
    expect(digest).toEqual([{ kind: "mention-digest", subject: "Your daily digest: 2 mentions in notes", body: expect.stringContaining("Olive Owner on Grace Hopper (Lighthouse Keeper):\n> @Tom Teammate first") }]);
    expect(digest[0]!.body).toContain("> @Tom Teammate second");
    expect(digest[0]!.body).toContain(`/applications/${application.id}?tab=notes#note-`);
    expect((await notificationsOf(teammate.staff.userId)).every((row) => row.emailedAt !== null)).toBe(true);

    await mentionDigestTask.enqueue(db(), {});
    await queue.runDueTasks();
    expect(await mentionEmailsTo(teammate.email)).toHaveLength(1);
    // "Never" is never emailed, digest or not.
    await db().update(notifications).set({ createdAt: sql`${notifications.createdAt} - interval '25 hours'` }).where(eq(notifications.userId, quiet.staff.userId));
    await mentionDigestTask.enqueue(db(), {});
    await queue.runDueTasks();
    expect(await mentionEmailsTo(quiet.email)).toEqual([]);
    expect(await notificationsOf(quiet.staff.userId)).toHaveLength(1);
  });

  it("count on the bell, list on /notifications, are marked read when opened and all at once", async () => {
    const { owner, teammate, application, candidateId, post } = await setup();
    await post(owner, { intent: "add-note", body: `${mentionToken("Tom", teammate.staff.userId)} one` });
    await callAction(candidateRoute.action, {
      path: `/candidates/${candidateId}`,
      cookie: owner.cookie,
      params: { candidateId },
      form: { intent: "add-note", body: `${mentionToken("Tom", teammate.staff.userId)} two` },
    });
    await post(owner, { intent: "add-note", body: `${mentionToken("Tom", teammate.staff.userId)} three` });

    const layout = async () => (await callLoader(layoutRoute.loader, { path: "/dashboard", cookie: teammate.cookie })).data!.unreadNotifications;
    expect(await layout()).toBe(3);
    expect((await callLoader(layoutRoute.loader, { path: "/dashboard", cookie: owner.cookie })).data!.unreadNotifications).toBe(0);

    const list = await callLoader(notificationsRoute.loader, { path: "/notifications", cookie: teammate.cookie });
    expect(list.data!.items.map((item) => [item.actorName, item.subject, item.excerpt, item.read])).toEqual([
      ["Olive Owner", "Grace Hopper (Lighthouse Keeper)", "@Tom Teammate three", false],
      ["Olive Owner", "Grace Hopper", "@Tom Teammate two", false],
      ["Olive Owner", "Grace Hopper (Lighthouse Keeper)", "@Tom Teammate one", false],
    ]);

    const [three, two] = list.data!.items;
    const opened = await callLoader(notificationOpenRoute.loader, { path: `/notifications/${three!.id}`, cookie: teammate.cookie, params: { notificationId: three!.id } });
    expect(opened.status).toBe(302);
    const [threeNote] = await db().select({ id: notes.id }).from(notes).where(and(eq(notes.applicationId, application.id), eq(notes.body, `${mentionToken("Tom", teammate.staff.userId)} three`)));
    expect(opened.headers.get("Location")).toBe(`/applications/${application.id}?tab=notes#note-${threeNote!.id}`);
    const openedTwo = await callLoader(notificationOpenRoute.loader, { path: `/notifications/${two!.id}`, cookie: teammate.cookie, params: { notificationId: two!.id } });
    expect(openedTwo.headers.get("Location")).toMatch(new RegExp(`^/candidates/${candidateId}#note-`));
    expect(await layout()).toBe(1);

    // The owner cannot open Tom's notification.
    expect((await callLoader(notificationOpenRoute.loader, { path: `/notifications/${two!.id}`, cookie: owner.cookie, params: { notificationId: two!.id } })).status).toBe(404);

    const marked = await callAction(notificationsRoute.action, { path: "/notifications", cookie: teammate.cookie, form: { intent: "mark-all-read" } });
    expect(marked.status).toBe(302);
    expect(await layout()).toBe(0);
    expect((await callLoader(notificationsRoute.loader, { path: "/notifications", cookie: teammate.cookie })).data!.items.every((item) => item.read)).toBe(true);
  });

  it("are counted up to the cap only, and are gone with their note", async () => {
    const { owner, teammate, application, candidateId, post } = await setup();
    await post(owner, { intent: "add-note", body: `${mentionToken("Tom", teammate.staff.userId)} hi` });
    const [note] = await notesOf(application.id);
    // Many more, straight into the tables: the count stops at the cap.
    const more = await db()
      .insert(notes)
      .values(Array.from({ length: UNREAD_CAP + 5 }, () => ({ companyId: owner.staff.companyId, candidateId, applicationId: application.id, authorId: owner.staff.userId, body: "x" })))
      .returning({ id: notes.id });
    await db().insert(notifications).values(more.map((row) => ({ companyId: owner.staff.companyId, userId: teammate.staff.userId, kind: "mention" as const, noteId: row.id })));
    expect(await countUnreadNotifications(db(), teammate.staff)).toBe(UNREAD_CAP);

    await post(owner, { intent: "delete-note", noteId: note!.id });
    expect((await notificationsOf(teammate.staff.userId)).some((row) => row.noteId === note!.id)).toBe(false);
  });
});

describe("merging candidates", () => {
  it("keeps the merged candidate's notes on the kept one", async () => {
    const { owner, job, candidateId } = await setup();
    const other = await createTestApplication(db(), job, { candidateName: "Grace H.", candidateEmail: uniqueEmail("grace2") });
    const [{ otherCandidate }] = (await db().select({ otherCandidate: applications.candidateId }).from(applications).where(eq(applications.id, other.id))) as [{ otherCandidate: string }];
    await callAction(candidateRoute.action, {
      path: `/candidates/${otherCandidate}`,
      cookie: owner.cookie,
      params: { candidateId: otherCandidate },
      form: { intent: "add-note", body: "Same person as Grace Hopper" },
    });
    await mergeCandidates(db(), owner.staff, { keepId: candidateId, mergeId: otherCandidate });
    expect(await db().select({ body: notes.body }).from(notes).where(eq(notes.candidateId, candidateId))).toEqual([{ body: "Same person as Grace Hopper" }]);
  });
});

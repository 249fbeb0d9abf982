import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, emailMessages } from "../../db/schema";
import * as inboundRoute from "~/routes/api/inbound-email";
import * as applicationRoute from "~/routes/staff/application";
import * as candidateRoute from "~/routes/staff/candidate";
import { sendApplicationReceivedEmails, sendEmailToCandidate } from "~/server/mail/candidate-emails.server";
import { NO_REPLY_ADDRESS, receiveReply, UNKNOWN_REPLY_ADDRESS } from "~/server/mail/inbound.server";
import { type InboundSmtp, startInboundSmtp } from "~/server/mail/inbound-smtp.server";
import { signPost } from "~/server/mail/inbound-webhook.server";
import { createMailer, type MailTransport } from "~/server/mail/mailer.server";
import { listApplicationEmails } from "~/server/mail/queries.server";
import { config } from "~/server/platform/config.server";
import { createMember, createStaff, createTestApplication, createTestJob, uniqueEmail } from "../factories";
import { countUnreadNotifications, listNotifications, openNotification } from "~/server/notifications/notifications.server";
import { setHiringTeamMember } from "~/server/jobs/hiring-team.server";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const DOMAIN = "replies.openhire.test";
const SECRET = "mailgun-signing-key-for-tests";
const saved = { domain: config.inboundEmailDomain, secret: config.inboundWebhookSecret };
beforeAll(() => {
  config.inboundEmailDomain = DOMAIN;
  config.inboundWebhookSecret = SECRET;
});
afterAll(() => {
  config.inboundEmailDomain = saved.domain;
  config.inboundWebhookSecret = saved.secret;
});

/** A transport that keeps what it was asked to deliver, and can fail the next delivery. */
function recordingTransport() {
  const delivered: Parameters<MailTransport["deliver"]>[0][] = [];
  let failNext = 0;
  const transport: MailTransport = {
    kind: "smtp",
    async deliver(message) {
      if (failNext > 0) {
        failNext--;
        throw new Error("Mailbox busy");
      }
      delivered.push(message);
    },
  };
  return { transport, delivered, failNext: () => (failNext = 1) };
}

/** A recruiter's company, an application of it, and the reply address its first email gave it. */
async function thread() {
  const owner = await createStaff(app.t.db, app.t.auth);
  const job = await createTestJob(app.t.db, owner.staff, { title: "Lighthouse Keeper" });
  const application = await createTestApplication(app.t.db, job, { candidateName: "Grace Hopper", candidateEmail: uniqueEmail("grace") });
  const { transport, delivered } = recordingTransport();
  const mailer = createMailer(app.t.db, transport);
  await sendEmailToCandidate(app.t.db, owner.staff, application.id, { subject: "Interview", body: "Hi Grace, how about Tuesday?" }, mailer);
  await mailer.idle();
  const replyTo = delivered[0]!.replyTo!;
  return { owner, application, replyTo };
}

function replyMime(to: string, options: { messageId?: string; html?: boolean; body?: string } = {}): string {
  const messageId = options.messageId ?? `<${randomBytes(8).toString("hex")}@mail.example.test>`;
  const type = options.html ? "text/html" : "text/plain";
  const body = options.body ?? "Tuesday works for me.\n\nOn Mon, 2 Mar 2026 at 09:00, Acme wrote:\n> Hi Grace, how about Tuesday?";
  return [
    "From: Grace Hopper <grace@example.test>",
    `To: ${to}`,
    "Subject: Re: Interview",
    `Message-ID: ${messageId}`,
    "Date: Tue, 3 Mar 2026 10:00:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: ${type}; charset=utf-8`,
    "",
    body,
  ].join("\r\n");
}

const repliesOf = (applicationId: string) =>
  app.t.db.select().from(emailMessages).where(and(eq(emailMessages.applicationId, applicationId), eq(emailMessages.direction, "inbound")));

describe("the reply address of a thread (decision 097)", () => {
  it("goes on every email to the application's candidate as Reply-To, one token per application, kept for retries", async () => {
    const { owner, application, replyTo } = await thread();
    expect(replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{26}@${DOMAIN.replaceAll(".", "\\.")}$`));

    // The second email of the thread has the same address; a failed delivery retried still carries it.
    const { transport, delivered, failNext } = recordingTransport();
    const mailer = createMailer(app.t.db, transport);
    failNext();
    const { id } = await sendEmailToCandidate(app.t.db, owner.staff, application.id, { subject: "Again", body: "Any news?" }, mailer);
    await mailer.idle();
    expect(delivered).toEqual([]);
    const [row] = await app.t.db.select().from(emailMessages).where(eq(emailMessages.id, id));
    expect(row).toMatchObject({ status: "pending", replyTo });
    await app.t.db.update(emailMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emailMessages.id, id));
    expect(await mailer.deliverDue()).toBe(1);
    expect(delivered).toEqual([expect.objectContaining({ subject: "Again", replyTo })]);

    // Another application has its own.
    const other = await thread();
    expect(other.replyTo).not.toBe(replyTo);
  });

  it("goes on a new application's confirmation too, never on the staff's notification of it", async () => {
    const owner = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, owner.staff);
    const application = await createTestApplication(app.t.db, job);
    const { transport, delivered } = recordingTransport();
    const mailer = createMailer(app.t.db, transport);
    await sendApplicationReceivedEmails(app.t.db, mailer, [application.id]);
    await mailer.idle();
    expect(delivered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: application.candidateEmail, replyTo: expect.stringMatching(/^reply\+[a-z2-7]{26}@/) }),
        expect.objectContaining({ to: owner.email, replyTo: undefined }),
      ]),
    );
  });

  it("is left out when inbound mail is not configured", async () => {
    const owner = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, owner.staff);
    const application = await createTestApplication(app.t.db, job);
    const { transport, delivered } = recordingTransport();
    const mailer = createMailer(app.t.db, transport);
    config.inboundEmailDomain = undefined;
    try {
      await sendEmailToCandidate(app.t.db, owner.staff, application.id, { subject: "Hello", body: "Hi" }, mailer);
      await mailer.idle();
    } finally {
      config.inboundEmailDomain = DOMAIN;
    }
    expect(delivered).toEqual([expect.objectContaining({ subject: "Hello", replyTo: undefined })]);
  });
});

describe("receiving a reply", () => {
  it("stores it in its application's thread, of its company, with the history's entry, and only that company's staff see it", async () => {
    const { owner, application, replyTo } = await thread();
    const reply = await receiveReply(app.t.db, replyMime(replyTo));
    expect(reply).toMatchObject({ companyId: owner.staff.companyId, applicationId: application.id, candidateName: "Grace Hopper", duplicate: false });

    const [row] = await repliesOf(application.id);
    expect(row).toMatchObject({ id: reply.id, status: "received", kind: "reply", companyId: owner.staff.companyId, from: "Grace Hopper <grace@example.test>", subject: "Re: Interview" });
    expect(row!.body).toContain("Tuesday works for me.");
    const events = await app.t.db.select().from(activityEvents).where(eq(activityEvents.subjectId, application.id));
    expect(events).toEqual([expect.objectContaining({ type: "application_reply_received", actorId: null, companyId: owner.staff.companyId })]);

    // The application page's thread shows it, newest first, and its history says so.
    const tab = (name: string) => callLoader(applicationRoute.loader, { path: `/applications/${application.id}?tab=${name}`, cookie: owner.cookie, params: { applicationId: application.id } });
    expect((await tab("email")).data!.emails[0]).toMatchObject({ direction: "inbound", subject: "Re: Interview", from: "Grace Hopper <grace@example.test>" });
    expect((await tab("history")).data!.history).toEqual([expect.objectContaining({ text: "Grace Hopper replied: Re: Interview", actorName: "Candidate" })]);
    // The candidate's page tells it in the history of all her applications.
    const candidatePage = await callLoader(candidateRoute.loader, { path: `/candidates/${application.candidateId}`, cookie: owner.cookie, params: { candidateId: application.candidateId } });
    expect(candidatePage.data!.history).toEqual(expect.arrayContaining([expect.objectContaining({ text: "Grace Hopper replied: Re: Interview", actorName: "Candidate" })]));

    // Another company's staff: not in their reads, and the page is a 404.
    const stranger = await createStaff(app.t.db, app.t.auth);
    expect(await listApplicationEmails(app.t.db, stranger.staff, application.id)).toEqual([]);
    const refused = await callLoader(applicationRoute.loader, { path: `/applications/${application.id}`, cookie: stranger.cookie, params: { applicationId: application.id } });
    expect(refused.status).toBe(404);
  });

  it("notifies the job's recruiters in the app, or whoever posted the job when its team has none; once per reply", async () => {
    const { owner, application, replyTo } = await thread();
    const reply = await receiveReply(app.t.db, replyMime(replyTo));
    expect(await countUnreadNotifications(app.t.db, owner.staff)).toBe(1);
    const { items } = await listNotifications(app.t.db, owner.staff, 1);
    expect(items).toEqual([expect.objectContaining({ kind: "reply", subject: "Grace Hopper (Lighthouse Keeper)", body: "Re: Interview", read: false })]);
    expect(await openNotification(app.t.db, owner.staff, items[0]!.id)).toEqual({ path: `/applications/${application.id}?tab=email#email-heading` });
    expect(await countUnreadNotifications(app.t.db, owner.staff)).toBe(0);
    // The same message again is a duplicate: no second notification.
    const [stored] = await app.t.db.select({ messageId: emailMessages.messageId }).from(emailMessages).where(eq(emailMessages.id, reply.id));
    expect(await receiveReply(app.t.db, replyMime(replyTo, { messageId: stored!.messageId! }))).toMatchObject({ duplicate: true });
    expect((await listNotifications(app.t.db, owner.staff, 1)).items).toHaveLength(1);

    // With a recruiter on the job's hiring team, they hear of the next reply, and the owner does not.
    const recruiter = await createMember(app.t.db, app.t.auth, owner.staff, "recruiter");
    await setHiringTeamMember(app.t.db, owner.staff, application.jobId, recruiter.staff.userId, "recruiter");
    await receiveReply(app.t.db, replyMime(replyTo));
    expect(await countUnreadNotifications(app.t.db, recruiter.staff)).toBe(1);
    expect(await countUnreadNotifications(app.t.db, owner.staff)).toBe(0);
  });

  it("refuses a message whose recipients hold no reply address, or an unknown token, and stores nothing", async () => {
    const { application, replyTo } = await thread();
    const unknown = replyTo.replace(/\+[a-z2-7]{26}@/, `+${"a".repeat(26)}@`);
    await expect(receiveReply(app.t.db, replyMime(unknown))).rejects.toMatchObject({ code: "NOT_FOUND", message: UNKNOWN_REPLY_ADDRESS });
    await expect(receiveReply(app.t.db, replyMime("jobs@acme.test"))).rejects.toMatchObject({ code: "NOT_FOUND", message: NO_REPLY_ADDRESS });
    await expect(receiveReply(app.t.db, replyMime(replyTo.replace(DOMAIN, "elsewhere.test")))).rejects.toMatchObject({ message: NO_REPLY_ADDRESS });
    expect(await repliesOf(application.id)).toEqual([]);
  });

  it("refuses an empty message, or one mailparser cannot read, as INVALID", async () => {
    const { application, replyTo } = await thread();
    await expect(receiveReply(app.t.db, "", [replyTo])).rejects.toMatchObject({ code: "INVALID" });
    await expect(receiveReply(app.t.db, "a".repeat(2 * 1024 * 1024), [replyTo])).rejects.toMatchObject({ code: "INVALID" });
    expect(await repliesOf(application.id)).toEqual([]);
  });

  it("finds the token in the envelope when the headers do not name it (a Bcc, a forward)", async () => {
    const { application, replyTo } = await thread();
    await receiveReply(app.t.db, replyMime("grace@example.test"), [replyTo]);
    expect(await repliesOf(application.id)).toHaveLength(1);
  });

  it("stores a message received twice (the same Message-ID) once", async () => {
    const { application, replyTo } = await thread();
    const raw = replyMime(replyTo, { messageId: "<same-one@mail.example.test>" });
    const first = await receiveReply(app.t.db, raw);
    const second = await receiveReply(app.t.db, raw);
    expect(second).toMatchObject({ id: first.id, duplicate: true });
    expect(await repliesOf(application.id)).toHaveLength(1);
    expect(await app.t.db.select().from(activityEvents).where(eq(activityEvents.subjectId, application.id))).toHaveLength(1);
  });

  it("keeps a reply in HTML only as its text, never the HTML", async () => {
    const { application, replyTo } = await thread();
    const html = '<div><p>Yes, <b>Tuesday</b> works.</p><script>alert("x")</script><img src="https://tracker.example/x.png" onerror="alert(1)"></div>';
    await receiveReply(app.t.db, replyMime(replyTo, { html: true, body: html }));
    const [row] = await repliesOf(application.id);
    expect(row!.body).toContain("Yes, Tuesday works.");
    expect(row!.body).not.toMatch(/<|>|script|onerror|alert/);
  });
});

describe("the inbound webhook (Mailgun's raw MIME post)", () => {
  function post(fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return callAction(inboundRoute.action, { path: "/api/inbound-email/mime", form, ip: "198.51.100.7" });
  }
  function signed(fields: Record<string, string>, secret = SECRET) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = randomBytes(25).toString("hex");
    return { ...fields, timestamp, token, signature: signPost(secret, timestamp, token) };
  }

  it("stores a signed post's message and answers its id", async () => {
    const { application, replyTo } = await thread();
    const answer = await post(signed({ recipient: replyTo, "body-mime": replyMime(replyTo) }));
    expect(answer.status).toBe(200);
    const [row] = await repliesOf(application.id);
    expect(await answer.response!.json()).toEqual({ id: row!.id, duplicate: false });
  });

  it("refuses a post signed with another key, or an old signature, and stores nothing", async () => {
    const { application, replyTo } = await thread();
    const wrong = await post(signed({ recipient: replyTo, "body-mime": replyMime(replyTo) }, "not-the-key"));
    expect(wrong.status).toBe(401);
    expect(await wrong.response!.json()).toMatchObject({ error: "UNAUTHORIZED" });
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    const stale = await post({ recipient: replyTo, "body-mime": replyMime(replyTo), timestamp: old, token: "t", signature: signPost(SECRET, old, "t") });
    expect(stale.status).toBe(401);
    expect(await repliesOf(application.id)).toEqual([]);
  });

  it("answers 406 (Mailgun does not retry it) for an unknown reply address, with a clear message", async () => {
    const unknown = `reply+${"b".repeat(26)}@${DOMAIN}`;
    const answer = await post(signed({ recipient: unknown, "body-mime": replyMime(unknown) }));
    expect(answer.status).toBe(406);
    expect(await answer.response!.json()).toEqual({ error: "NOT_FOUND", message: UNKNOWN_REPLY_ADDRESS });
  });

  it("is a 404 without INBOUND_WEBHOOK_SECRET, and takes posts only", async () => {
    const { replyTo } = await thread();
    expect((await callLoader(inboundRoute.loader, { path: "/api/inbound-email/mime" })).status).toBe(405);
    config.inboundWebhookSecret = undefined;
    try {
      const answer = await post(signed({ recipient: replyTo, "body-mime": replyMime(replyTo) }));
      expect(answer.status).toBe(404);
      expect((await callLoader(inboundRoute.loader, { path: "/api/inbound-email/mime" })).status).toBe(404);
    } finally {
      config.inboundWebhookSecret = SECRET;
    }
  });
});

describe("the inbound SMTP listener", () => {
  let smtp: InboundSmtp;
  beforeAll(async () => {
    smtp = await startInboundSmtp(app.t.db, { port: 0, host: "127.0.0.1", domain: DOMAIN });
  });
  afterAll(() => smtp.close());
  const sender = () => nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });

  it("takes a reply to a known address into its thread", async () => {
    const { application, replyTo } = await thread();
    await sender().sendMail({ from: "Grace Hopper <grace@example.test>", to: replyTo, subject: "Re: Interview", text: "See you Tuesday." });
    const [row] = await repliesOf(application.id);
    expect(row).toMatchObject({ subject: "Re: Interview", body: "See you Tuesday.\n", from: "Grace Hopper <grace@example.test>" });
  });

  it("refuses an unknown address at RCPT TO with a 550", async () => {
    const unknown = `reply+${"c".repeat(26)}@${DOMAIN}`;
    await expect(sender().sendMail({ from: "x@example.test", to: unknown, subject: "Hi", text: "Hi" })).rejects.toMatchObject({ responseCode: 550 });
    await expect(sender().sendMail({ from: "x@example.test", to: `postmaster@${DOMAIN}`, subject: "Hi", text: "Hi" })).rejects.toMatchObject({ responseCode: 550 });
  });
});

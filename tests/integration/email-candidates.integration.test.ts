import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationEmailQueue, emailMessages } from "../../db/schema";
import { listApplicationEmails } from "~/server/mail/queries.server";
import {
  applicationEmailWorker,
  previewTemplateForApplication,
  processApplicationEmailQueue,
  sendApplicationReceivedEmails,
  sendEmailToCandidate,
} from "~/server/mail/candidate-emails.server";
import { applyTo, createStaff, createTestApplication, createTestJob, createTestTemplate, setCompanyName, setProfile } from "../factories";
import { type AccountsTestbed, createAccountsTestbed, LINK_BASE } from "../helpers/test-database";

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await createAccountsTestbed();
});
afterAll(async () => {
  await bed.destroy();
});

describe("sendApplicationReceivedEmails", () => {
  it("confirms to the candidate from the company's template and notifies staff who want it", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setCompanyName(bed.t.db, owner.staff.companyId, "Acme Robotics");
    await setProfile(bed.t.db, owner.staff.userId, { fullName: "Olive Owner", emailNotifications: true });
    await createTestTemplate(bed.t.db, owner.staff, {
      name: "Application received",
      subject: "Thanks for applying to {{job_title}}, {{candidate_name}}",
      body: "Dear {{candidate_name}},\nyour application for {{job_title}} at {{company_name}} is now in stage {{stage_name}}.",
    });
    const application = await createTestApplication(bed.t.db, await createTestJob(bed.t.db, owner.staff, { title: "Compiler Engineer" }), { candidateName: "Grace Hopper" });

    await sendApplicationReceivedEmails(bed.t.db, bed.mailer, [application.id], { linkBaseUrl: LINK_BASE });
    await bed.mailer.idle();

    const confirmation = await bed.mailbox.waitFor(application.candidateEmail);
    expect(confirmation.subject).toBe("Thanks for applying to Compiler Engineer, Grace Hopper");
    expect(confirmation.text).toContain("Dear Grace Hopper,\nyour application for Compiler Engineer at Acme Robotics is now in stage Applied.");

    const notification = await bed.mailbox.waitFor(owner.email, { subject: /New application/ });
    expect(notification.subject).toBe("New application: Grace Hopper for Compiler Engineer");
    expect(notification.text).toContain(`${LINK_BASE}/applications/${application.id}`);

    const history = await listApplicationEmails(bed.t.db, owner.staff, application.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ to: application.candidateEmail, status: "sent", subject: confirmation.subject, error: null });
    // Another company sees none of it.
    const other = await createStaff(bed.t.db, bed.auth);
    expect(await listApplicationEmails(bed.t.db, other.staff, application.id)).toEqual([]);
  });

  it("falls back to a built-in confirmation and leaves out staff with notifications off", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setProfile(bed.t.db, owner.staff.userId, { emailNotifications: false });
    const application = await createTestApplication(bed.t.db, await createTestJob(bed.t.db, owner.staff, { title: "Data Analyst" }));
    const before = bed.mailbox.messages.length;
    await sendApplicationReceivedEmails(bed.t.db, bed.mailer, [application.id]);
    await bed.mailer.idle();
    const confirmation = await bed.mailbox.waitFor(application.candidateEmail, { since: before });
    expect(confirmation.subject).toBe("We received your application for Data Analyst");
    expect(bed.mailbox.messages.slice(before).filter((m) => m.to.includes(owner.email.toLowerCase()) && /New application/.test(m.subject))).toEqual([]);
  });

  it("records a failed delivery on the application without throwing", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setProfile(bed.t.db, owner.staff.userId, { emailNotifications: false });
    const application = await createTestApplication(bed.t.db, await createTestJob(bed.t.db, owner.staff));
    await bed.mailer.idle();
    bed.mailbox.refuseNext(1);
    await expect(sendApplicationReceivedEmails(bed.t.db, bed.mailer, [application.id])).resolves.toBeUndefined();
    await bed.mailer.idle();
    const [message] = await listApplicationEmails(bed.t.db, owner.staff, application.id);
    expect(message).toMatchObject({ status: "pending" });
    expect(message!.error).toContain("Mailbox busy");
  });
});

describe("the application email queue", () => {
  async function jobWithStaff(notifications: boolean) {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setProfile(bed.t.db, owner.staff.userId, { emailNotifications: notifications });
    const job = await createTestJob(bed.t.db, owner.staff, { title: "Queue Engineer" });
    return { owner, job };
  }

  it("writes each queued application's emails once, even when two passes run at a time", async () => {
    const { owner, job } = await jobWithStaff(true);
    const first = await applyTo(bed.t.db, job.id, []);
    const second = await applyTo(bed.t.db, job.id, []);

    const taken = await Promise.all([
      processApplicationEmailQueue(bed.t.db, bed.mailer, { linkBaseUrl: LINK_BASE }),
      processApplicationEmailQueue(bed.t.db, bed.mailer, { linkBaseUrl: LINK_BASE }),
    ]);
    expect(taken[0] + taken[1]).toBeGreaterThanOrEqual(2);
    await bed.mailer.idle();
    expect(await processApplicationEmailQueue(bed.t.db, bed.mailer)).toBe(0);

    for (const application of [first, second]) {
      const sent = await listApplicationEmails(bed.t.db, owner.staff, application.id);
      expect(sent).toEqual([expect.objectContaining({ subject: "We received your application for Queue Engineer", status: "sent" })]);
      const notified = await bed.t.db
        .select({ id: emailMessages.id })
        .from(emailMessages)
        .where(and(eq(emailMessages.kind, "staff-notification"), sql`${emailMessages.body} like ${`%/applications/${application.id}%`}`));
      expect(notified).toHaveLength(1);
    }
    expect(await bed.t.db.select().from(applicationEmailQueue).where(inArray(applicationEmailQueue.applicationId, [first.id, second.id]))).toEqual([]);
  });

  it("leaves the queue as it was when writing the emails fails", async () => {
    const { job } = await jobWithStaff(false);
    const { id } = await applyTo(bed.t.db, job.id, []);
    const broken = { ...bed.mailer, record: () => Promise.reject(new Error("disk full")) };
    await expect(processApplicationEmailQueue(bed.t.db, broken)).rejects.toThrow("disk full");
    expect(await bed.t.db.select().from(applicationEmailQueue).where(eq(applicationEmailQueue.applicationId, id))).toHaveLength(1);
    await processApplicationEmailQueue(bed.t.db, bed.mailer);
    expect(await bed.t.db.select().from(applicationEmailQueue).where(eq(applicationEmailQueue.applicationId, id))).toEqual([]);
  });

  it("the worker sends what an earlier run left queued when it is kicked, as at start-up", async () => {
    const { owner, job } = await jobWithStaff(false);
    const { id } = await applyTo(bed.t.db, job.id, [], { candidate_email: "left-behind@example.test" });
    const worker = applicationEmailWorker(bed.t.db, bed.mailer);
    worker.kick();
    worker.kick();
    await worker.idle();
    await bed.mailer.idle();
    const confirmation = await bed.mailbox.waitFor("left-behind@example.test");
    expect(confirmation.subject).toBe("We received your application for Queue Engineer");
    expect(await listApplicationEmails(bed.t.db, owner.staff, id)).toHaveLength(1);
  });
});

describe("sendEmailToCandidate", () => {
  it("previews a template with the merge fields filled, and sends the text as edited, stored with the application", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setCompanyName(bed.t.db, owner.staff.companyId, "Globex");
    const template = await createTestTemplate(bed.t.db, owner.staff, {
      name: "Interview invitation",
      subject: "Interview for {{job_title}}",
      body: "Hi {{candidate_name}}, {{company_name}} would like to meet you.",
    });
    const application = await createTestApplication(bed.t.db, await createTestJob(bed.t.db, owner.staff, { title: "Cryptographer" }), { candidateName: "Alan Turing" });
    const preview = await previewTemplateForApplication(bed.t.db, owner.staff, application.id, template.id);
    expect(preview).toEqual({ to: application.candidateEmail, subject: "Interview for Cryptographer", body: "Hi Alan Turing, Globex would like to meet you." });

    await sendEmailToCandidate(bed.t.db, owner.staff, application.id, { subject: preview.subject, body: `${preview.body}\nHow is Tuesday?` }, bed.mailer);
    await bed.mailer.idle();
    const received = await bed.mailbox.waitFor(application.candidateEmail, { subject: /Interview/ });
    expect(received.text).toContain("Hi Alan Turing, Globex would like to meet you.\nHow is Tuesday?");
    expect(await listApplicationEmails(bed.t.db, owner.staff, application.id)).toEqual([
      expect.objectContaining({ subject: "Interview for Cryptographer", status: "sent" }),
    ]);
  });

  it("refuses another company's application or template", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const stranger = await createStaff(bed.t.db, bed.auth);
    const template = await createTestTemplate(bed.t.db, owner.staff, { name: "T", subject: "S", body: "B" });
    const theirTemplate = await createTestTemplate(bed.t.db, stranger.staff, { name: "T", subject: "S", body: "B" });
    const application = await createTestApplication(bed.t.db, await createTestJob(bed.t.db, owner.staff));
    await expect(sendEmailToCandidate(bed.t.db, stranger.staff, application.id, { subject: "S", body: "B" }, bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(previewTemplateForApplication(bed.t.db, owner.staff, application.id, theirTemplate.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(previewTemplateForApplication(bed.t.db, stranger.staff, application.id, template.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listApplicationEmails(bed.t.db, owner.staff, application.id)).toEqual([]);
  });
});

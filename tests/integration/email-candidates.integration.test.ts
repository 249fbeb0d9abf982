import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listApplicationEmails } from "~/server/email.server";
import {
  previewTemplateForApplication,
  sendApplicationReceivedEmails,
  sendTemplateToCandidate,
} from "~/server/services/candidate-emails.server";
import { type AccountsTestbed, createAccountsTestbed, createApplicationRow, createTemplateRow, LINK_BASE, setCompanyName, setProfile } from "../factories-accounts";
import { createStaff } from "../factories";

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
    await createTemplateRow(bed.t.db, owner.staff.companyId, {
      name: "Application received",
      subject: "Thanks for applying to {{job_title}}, {{candidate_name}}",
      body: "Dear {{candidate_name}},\nyour application for {{job_title}} at {{company_name}} is now in stage {{stage_name}}.",
    });
    const { application } = await createApplicationRow(bed.t.db, owner.staff.companyId, {
      candidateName: "Grace Hopper",
      jobTitle: "Compiler Engineer",
    });

    await sendApplicationReceivedEmails(bed.t.db, bed.mailer, application.id, { linkBaseUrl: LINK_BASE });
    await bed.mailer.idle();

    const confirmation = await bed.mailbox.waitFor(application.candidateEmail);
    expect(confirmation.subject).toBe("Thanks for applying to Compiler Engineer, Grace Hopper");
    expect(confirmation.text).toContain("Dear Grace Hopper,\nyour application for Compiler Engineer at Acme Robotics is now in stage Applied.");

    const notification = await bed.mailbox.waitFor(owner.email, { subject: /New application/ });
    expect(notification.subject).toBe("New application: Grace Hopper for Compiler Engineer");
    expect(notification.text).toContain(`${LINK_BASE}/applications/${application.id}`);

    const history = await listApplicationEmails(bed.t.db, owner.staff.companyId, application.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ to: application.candidateEmail, status: "sent", subject: confirmation.subject, error: null });
    // Another company sees none of it.
    const other = await createStaff(bed.t.db, bed.auth);
    expect(await listApplicationEmails(bed.t.db, other.staff.companyId, application.id)).toEqual([]);
  });

  it("falls back to a built-in confirmation and leaves out staff with notifications off", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setProfile(bed.t.db, owner.staff.userId, { emailNotifications: false });
    const { application } = await createApplicationRow(bed.t.db, owner.staff.companyId, { jobTitle: "Data Analyst" });
    const before = bed.mailbox.messages.length;
    await sendApplicationReceivedEmails(bed.t.db, bed.mailer, application.id);
    await bed.mailer.idle();
    const confirmation = await bed.mailbox.waitFor(application.candidateEmail, { since: before });
    expect(confirmation.subject).toBe("We received your application for Data Analyst");
    expect(bed.mailbox.messages.slice(before).filter((m) => m.to.includes(owner.email.toLowerCase()) && /New application/.test(m.subject))).toEqual([]);
  });

  it("records a failed delivery on the application without throwing", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setProfile(bed.t.db, owner.staff.userId, { emailNotifications: false });
    const { application } = await createApplicationRow(bed.t.db, owner.staff.companyId);
    await bed.mailer.idle();
    bed.mailbox.refuseNext(1);
    await expect(sendApplicationReceivedEmails(bed.t.db, bed.mailer, application.id)).resolves.toBeUndefined();
    await bed.mailer.idle();
    const [message] = await listApplicationEmails(bed.t.db, owner.staff.companyId, application.id);
    expect(message).toMatchObject({ status: "pending" });
    expect(message!.error).toContain("Mailbox busy");
  });
});

describe("sendTemplateToCandidate", () => {
  it("previews and sends a template with the merge fields filled, stored with the application", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    await setCompanyName(bed.t.db, owner.staff.companyId, "Globex");
    const template = await createTemplateRow(bed.t.db, owner.staff.companyId, {
      name: "Interview invitation",
      subject: "Interview for {{job_title}}",
      body: "Hi {{candidate_name}}, {{company_name}} would like to meet you.",
    });
    const { application } = await createApplicationRow(bed.t.db, owner.staff.companyId, { candidateName: "Alan Turing", jobTitle: "Cryptographer" });
    const preview = await previewTemplateForApplication(bed.t.db, owner.staff, application.id, template.id);
    expect(preview).toEqual({ to: application.candidateEmail, subject: "Interview for Cryptographer", body: "Hi Alan Turing, Globex would like to meet you." });

    await sendTemplateToCandidate(bed.t.db, owner.staff, application.id, template.id, bed.mailer);
    await bed.mailer.idle();
    const received = await bed.mailbox.waitFor(application.candidateEmail, { subject: /Interview/ });
    expect(received.text).toContain("Hi Alan Turing, Globex would like to meet you.");
    expect(await listApplicationEmails(bed.t.db, owner.staff.companyId, application.id)).toEqual([
      expect.objectContaining({ subject: "Interview for Cryptographer", status: "sent" }),
    ]);
  });

  it("refuses another company's application or template", async () => {
    const owner = await createStaff(bed.t.db, bed.auth);
    const stranger = await createStaff(bed.t.db, bed.auth);
    const template = await createTemplateRow(bed.t.db, owner.staff.companyId, { name: "T", subject: "S", body: "B" });
    const theirTemplate = await createTemplateRow(bed.t.db, stranger.staff.companyId, { name: "T", subject: "S", body: "B" });
    const { application } = await createApplicationRow(bed.t.db, owner.staff.companyId);
    await expect(sendTemplateToCandidate(bed.t.db, stranger.staff, application.id, theirTemplate.id, bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(sendTemplateToCandidate(bed.t.db, owner.staff, application.id, theirTemplate.id, bed.mailer)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(previewTemplateForApplication(bed.t.db, stranger.staff, application.id, template.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await listApplicationEmails(bed.t.db, owner.staff.companyId, application.id)).toEqual([]);
  });
});

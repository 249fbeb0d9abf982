import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("a candidate gets a confirmation, and a recruiter previews and sends a template from the application", async ({
  page,
  browser,
  mailbox,
}) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const staffEmail = await registerStaff(page);
  const question = "Which team would you like to join?";
  const jobId = await postJob(page, "Support Engineer", question);
  const candidate = uniqueEmail("candidate");
  const since = mailbox.messages.length;
  await apply(browser, jobId, { name: "Katherine Johnson", email: candidate, question, answer: "Platform" });

  // The confirmation comes from the "Application received" template, merge fields filled in.
  const confirmation = await mailbox.waitFor(candidate, { subject: /Support Engineer/, since });
  expect(confirmation.subject).toBe("We received your application for Support Engineer");
  expect(confirmation.text).toContain("Hi Katherine Johnson,");
  // Staff with notifications on hear about it too.
  await mailbox.waitFor(staffEmail, { subject: /Katherine Johnson/, since });

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: /Katherine Johnson/ }).first().click();
  await expect(page.getByRole("heading", { name: "Katherine Johnson" })).toBeVisible();
  const emails = page.getByRole("list", { name: "Emails sent" });
  await expect(emails.getByText("We received your application for Support Engineer")).toBeVisible();

  await page.getByLabel("Template").selectOption({ label: "Interview invitation" });
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByLabel("Email preview");
  await expect(preview.getByText("Interview invitation: Support Engineer at My Company")).toBeVisible();
  await expect(preview.getByText(/Hi Katherine Johnson,/)).toBeVisible();

  const beforeSend = mailbox.messages.length;
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(page.getByText("Email sent to the candidate.")).toBeVisible();
  const invitation = await mailbox.waitFor(candidate, { subject: /Interview invitation/, since: beforeSend });
  expect(invitation.text).toContain("the Applied stage");
  await expect(emails.getByText("Interview invitation: Support Engineer at My Company")).toBeVisible();
  noConsoleErrors();
});

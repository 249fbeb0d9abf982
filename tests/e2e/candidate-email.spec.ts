import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, openApplicationTab, registerStaff, uniqueEmail } from "./helpers";
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
  await openApplicationTab(page, "Emails");
  const emails = page.getByRole("list", { name: "Email thread" });
  await expect(emails.getByText("We received your application for Support Engineer")).toBeVisible();

  // Start from a template, filled in for her; edit it; the preview shows it as it will arrive (issue 13).
  await page.getByLabel("Template").selectOption({ label: "Interview invitation" });
  await page.getByRole("button", { name: "Use template" }).click();
  const preview = page.getByRole("region", { name: "Email preview" });
  await expect(preview.getByText("Interview invitation: Support Engineer at My Company")).toBeVisible();
  await expect(preview.getByText(/Hi Katherine Johnson,/)).toBeVisible();
  const message = page.getByLabel("Message");
  await message.fill(`${await message.inputValue()}\n\nP.S. Tuesday works well for us.`);
  await expect(preview.getByText(/P\.S\. Tuesday works well for us\./)).toBeVisible();

  const beforeSend = mailbox.messages.length;
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(page.getByText("Email sent to the candidate.")).toBeVisible();
  const invitation = await mailbox.waitFor(candidate, { subject: /Interview invitation/, since: beforeSend });
  expect(invitation.text).toContain("the Applied stage");
  expect(invitation.text).toContain("P.S. Tuesday works well for us.");
  await expect(emails.getByText("Interview invitation: Support Engineer at My Company")).toBeVisible();

  // A free-form email; an unknown merge field is refused before it could reach her as written.
  await page.getByLabel("Subject").fill("A quick question");
  await message.fill("Hi {{first_name}}, could you send your portfolio?");
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(page.getByText(/Unknown merge field \{\{first_name\}\}\. Known fields:/)).toBeVisible();
  await message.fill("Hi Katherine, could you send your portfolio?");
  const beforeSecond = mailbox.messages.length;
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(page.getByText("Email sent to the candidate.")).toBeVisible();
  expect((await mailbox.waitFor(candidate, { subject: /A quick question/, since: beforeSecond })).text).toContain("could you send your portfolio?");
  await expect(emails.getByText("A quick question")).toBeVisible();
  noConsoleErrors();
});

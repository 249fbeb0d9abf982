import nodemailer from "nodemailer";
import { expect, INBOUND_EMAIL_DOMAIN, test } from "./accounts-fixtures";
import { failOnConsoleErrors, openApplicationTab, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("a candidate's reply to a recruiter's email comes back into the application's thread (decision 097)", async ({
  page,
  browser,
  mailbox,
  inboundSmtpPort,
}) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Which team would you like to join?";
  const jobId = await postJob(page, "Site Reliability Engineer", question);
  const candidate = uniqueEmail("candidate");
  await apply(browser, jobId, { name: "Dorothy Vaughan", email: candidate, question, answer: "Platform" });

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: /Dorothy Vaughan/ }).first().click();
  await expect(page.getByRole("heading", { name: "Dorothy Vaughan" })).toBeVisible();
  await openApplicationTab(page, "Emails");
  await page.getByLabel("Subject").fill("Your availability");
  await page.getByLabel("Message").fill("Hi Dorothy, which day suits you for a call?");
  const before = mailbox.messages.length;
  await page.getByRole("button", { name: "Send email" }).click();
  await expect(page.getByText("Email sent to the candidate.")).toBeVisible();

  // The email she receives answers to her thread's own address.
  const sent = await mailbox.waitFor(candidate, { subject: /Your availability/, since: before });
  expect(sent.replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{26}@${INBOUND_EMAIL_DOMAIN.replaceAll(".", "\\.")}$`));

  // She replies, quoting the email below her answer, as mail clients do; the app's SMTP listener takes it.
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: inboundSmtpPort, secure: false, ignoreTLS: true });
  await transport.sendMail({
    from: `Dorothy Vaughan <${candidate}>`,
    to: sent.replyTo,
    subject: "Re: Your availability",
    text: "Thursday afternoon works best.\n\nOn Mon, 2 Mar 2026 at 09:00, My Company wrote:\n> Hi Dorothy, which day suits you for a call?",
    html: "<p>Thursday afternoon works best.</p><script>document.title = 'pwned'</script>",
  });

  await page.reload();
  const reply = page.getByRole("article", { name: "Reply from Dorothy Vaughan: Re: Your availability" });
  await expect(reply).toBeVisible();
  await expect(reply.getByText("Thursday afternoon works best.", { exact: true })).toBeVisible();
  // The quoted history waits behind "Show the whole reply".
  const quoted = reply.getByText(/> Hi Dorothy, which day suits you/);
  await expect(quoted).toBeHidden();
  await reply.getByText("Show the whole reply").click();
  await expect(quoted).toBeVisible();
  await expect(page).not.toHaveTitle("pwned");
  await openApplicationTab(page, "History");
  await expect(page.getByRole("list", { name: "History" }).getByText("Dorothy Vaughan replied: Re: Your availability")).toBeVisible();
  noConsoleErrors();
});

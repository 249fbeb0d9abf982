import { linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, openApplicationTab, PASSWORD, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

// Issue 13's role matrix (decision 096): an interviewer sees only the candidates they are asked to
// review, without salary answers, and cannot open settings or a job.
test("an interviewer sees only the candidates they are asked to review", async ({ page, browser, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const jobId = await postJob(page, "Role Matrix Engineer", "Expected salary");
  await apply(browser, jobId, { name: "Ann Assigned", email: uniqueEmail("ann"), answer: "95,000", question: "Expected salary" });
  await apply(browser, jobId, { name: "Ben Hidden", email: uniqueEmail("ben"), answer: "99,000", question: "Expected salary" });

  // The owner invites an interviewer; they join through the emailed link with their name.
  const invitee = uniqueEmail("interviewer");
  await page.goto("/settings/team");
  const team = page.getByRole("region", { name: "Team" });
  await team.getByLabel("Invite by email").fill(invitee);
  await team.getByLabel("Role", { exact: true }).selectOption({ label: "Interviewer" });
  const since = mailbox.messages.length;
  await team.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(`${invitee}Interviewer`);
  const link = linkIn(await mailbox.waitFor(invitee, { subject: /invited you to join/, since }), "/invitations/");
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel("Full name").fill("Ivo Interviewer");
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByLabel("Confirm password").fill(PASSWORD);
  await other.getByRole("button", { name: "Create account and join" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByTestId("staff-company")).toContainText("Interviewer · ");
  const nav = other.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Applications", "Settings"]);

  // Nothing to review yet.
  await other.goto("/applications");
  await expect(other.getByText("No applications found.")).toBeVisible();

  // The owner asks them for feedback on Ann.
  await page.goto("/applications");
  const benHref = await page.getByRole("row", { name: /Ben Hidden/ }).getByRole("link", { name: /View/ }).getAttribute("href");
  await page.getByRole("row", { name: /Ann Assigned/ }).getByRole("link", { name: /View/ }).click();
  await openApplicationTab(page, "Feedback");
  const feedback = page.getByRole("region", { name: "Feedback" });
  await feedback.getByLabel(/Ivo Interviewer/).check();
  await feedback.getByRole("button", { name: "Ask for feedback" }).click();
  await expect(page.getByText("Feedback asked of Ivo Interviewer.")).toBeVisible();
  await expect(feedback.getByRole("list", { name: "Asked for feedback" })).toContainText("Ivo Interviewer");

  // Now they see Ann, and only Ann: her CV and answers, not the salary she asked, and nothing to decide with.
  await other.goto("/applications");
  await expect(other.getByRole("row")).toHaveCount(2);
  await other.getByRole("row", { name: /Ann Assigned/ }).getByRole("link", { name: /View/ }).click();
  await expect(other.getByRole("heading", { name: "Ann Assigned", level: 1 })).toBeVisible();
  await expect(other.getByRole("region", { name: "Application form answers" })).not.toContainText("95,000");
  await expect(other.getByRole("region", { name: "Manage" })).toHaveCount(0);
  await expect(other.getByRole("navigation", { name: "Application sections" }).getByRole("link")).toHaveText(["Overview", "Feedback", "Notes", "History"]);
  await expect(other.getByRole("link", { name: "Candidate profile" })).toHaveCount(0);

  // The owner's scorecard stays hidden from the interviewer until they submit their own (decision 099).
  const annUrl = other.url();
  await page.getByRole("region", { name: "Your feedback" }).getByText("Strong yes").click();
  await page.getByLabel("Interview notes").fill("Clear thinker, owner's view.");
  await page.getByRole("button", { name: "Submit feedback" }).click();
  await expect(page.getByText("Feedback submitted.")).toBeVisible();
  await openApplicationTab(other, "Feedback");
  await expect(other.getByTestId("feedback-hidden")).toHaveText("1 teammate has submitted feedback. Submit yours to see theirs.");
  await expect(other.getByText("Clear thinker, owner's view.")).toHaveCount(0);
  const mine = other.getByRole("region", { name: "Your feedback" });
  await mine.getByRole("group", { name: "Communication" }).getByText("Good").click();
  await mine.getByRole("button", { name: "Submit feedback" }).click();
  await expect(other.getByText("Choose your overall recommendation before submitting.")).toBeVisible();
  await mine.getByText("No", { exact: true }).click();
  await mine.getByRole("button", { name: "Submit feedback" }).click();
  await expect(other.getByText("Feedback submitted.")).toBeVisible();
  const summary = other.getByRole("table", { name: "Submitted feedback" });
  await expect(summary).toContainText("Strong yes");
  await expect(other.getByText("Clear thinker, owner's view.")).toBeVisible();
  // The board's card counts it: 2 submitted (the owner gave theirs unasked), one yes, one no.
  await page.goto(`/manage/jobs/${jobId}`);
  await expect(page.getByTestId("feedback-badge")).toHaveText("Feedback 2/2 1 yes, 1 no");
  expect(annUrl).toContain("/applications/");

  // Another candidate, the job and the company's settings stay closed.
  await other.goto(benHref!);
  await expect(other.getByRole("heading", { name: "Application not found" })).toBeVisible();
  for (const path of [`/manage/jobs/${jobId}`, "/settings/company", "/settings/team", "/candidates"]) {
    const answer = await other.goto(path);
    expect(answer?.status(), path).toBe(403);
    await expect(other.getByRole("heading", { name: "No access" })).toBeVisible();
  }
  await context.close();

  // Another company's member reaches none of it: not the application, its notes, scorecards or thread.
  await page.goto(annUrl);
  await openApplicationTab(page, "Notes");
  await page.getByLabel("Add a note").fill("A note only this company may read.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("list", { name: "Notes" })).toContainText("A note only this company may read.");
  const outsiders = await browser.newContext();
  const outsider = await outsiders.newPage();
  await registerStaff(outsider);
  const answer = await outsider.goto(annUrl);
  expect(answer?.status()).toBe(404);
  await expect(outsider.getByRole("heading", { name: "Application not found" })).toBeVisible();
  for (const secret of ["Ann Assigned", "A note only this company may read.", "Clear thinker, owner's view.", "We received your application"]) {
    await expect(outsider.getByText(secret)).toHaveCount(0);
  }
  await outsiders.close();
  noConsoleErrors();
});

import { expect, test } from "./accounts-fixtures";
import { accessibilityProblems, failOnConsoleErrors, openApplicationTab, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("a recruiter hires a candidate on a day, the card goes to Hired, and the filled job is closed from the notice", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why us?";
  const jobId = await postJob(page, "Harbour Pilot", question);
  await apply(browser, jobId, { name: "Grace Hopper", email: uniqueEmail("grace"), question, answer: "Ships" });

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Grace Hopper" }).click();
  await page.getByRole("button", { name: "Hire" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Hire Grace Hopper?" });
  // Today where the browser is, by default; the recruiter gives the start day.
  await expect(dialog.getByLabel("Hired on")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel("Hired on").fill("2026-12-01");
  expect(await accessibilityProblems(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Hire" }).click();

  await expect(page.getByText("Hired on 2026-12-01. Moved to Hired.")).toBeVisible();
  await expect(page.getByTestId("hired-on")).toHaveText("Hired on 2026-12-01");
  await expect(page.getByText(/The job's opening is filled: close “Harbour Pilot”/)).toBeVisible();
  await page.getByRole("button", { name: "Close job" }).click();
  await expect(page.getByText("Job closed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await openApplicationTab(page, "History");
  await expect(page.getByRole("list", { name: "History" })).toContainText("Grace Hopper was hired (2026-12-01)");

  await page.goto(`/manage/jobs/${jobId}`);
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Hired/ }) }).getByText("Grace Hopper")).toBeVisible();
  await expect(page.getByText("closed", { exact: true })).toBeVisible();
  noConsoleErrors();
});

test("a stage sends its email to each candidate who enters it, set on the job's edit page", async ({ page, browser, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why us?";
  const jobId = await postJob(page, "Ferry Captain", question);
  const candidate = uniqueEmail("katherine");
  await apply(browser, jobId, { name: "Katherine Johnson", email: candidate, question, answer: "Boats" });

  // Screening (stage 2) sends "Interview invitation" at once to whoever enters it.
  await page.goto(`/manage/jobs/${jobId}/edit`);
  await page.getByLabel("Stage 2 email on entry").selectOption({ label: "Interview invitation" });
  await expect(page.getByLabel("Stage 2 email sent")).toHaveValue("0");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.goto(`/manage/jobs/${jobId}/edit`);
  await expect(page.getByLabel("Stage 2 email on entry")).toHaveValue(/.+/);

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Katherine Johnson" }).click();
  await openApplicationTab(page, "Emails");
  const since = mailbox.messages.length;
  await page.getByLabel("Stage", { exact: true }).selectOption({ label: "Screening" });
  await page.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Stage updated.")).toBeVisible();
  const emails = page.getByRole("list", { name: "Email thread" });
  await expect(emails.getByText("Interview invitation: Ferry Captain at My Company")).toBeVisible();
  await openApplicationTab(page, "History");
  await expect(page.getByRole("list", { name: "History" })).toContainText("moved from Applied to Screening");
  expect((await mailbox.waitFor(candidate, { subject: /Interview invitation/, since })).text).toContain("Hi Katherine Johnson,");
  noConsoleErrors();
});

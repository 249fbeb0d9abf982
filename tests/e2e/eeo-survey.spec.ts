import { expect, type Page, test } from "@playwright/test";
import { accessibilityProblems, candidateContext, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { postJob } from "./pipeline-helpers";

/** Issue 17: the optional equal-opportunity survey (decision 118). */

async function openApplyPage(page: Page, jobId: string) {
  await page.goto(`/jobs/${jobId}`);
  await page.goto(`${new URL(page.url()).pathname}/apply`);
}

test("an admin turns the survey on, a candidate answers it without JavaScript, and the report shows only totals with small groups hidden", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const company = `Fairway Labs ${Date.now().toString(36)}`;
  await registerStaff(page, uniqueEmail(), { companyName: company });
  const question = "Favourite tide?";
  const jobId = await postJob(page, "Harbour Pilot", question);

  // The report before: the survey is off.
  await page.goto("/reports");
  await page.getByRole("link", { name: "Equal-opportunity report" }).click();
  await expect(page.getByText("The equal-opportunity survey is off.")).toBeVisible();

  await page.goto("/settings/privacy");
  const section = page.getByRole("region", { name: "Equal-opportunity survey" });
  await section.getByLabel("Ask the survey on every apply form").check();
  for (const name of ["Age range", "Ethnic group"]) await section.getByRole("checkbox", { name: new RegExp(`^${name}`) }).uncheck();
  await section.getByRole("button", { name: "Save survey" }).click();
  await expect(page.getByText("Equal-opportunity survey saved.")).toBeVisible();
  await expect(section.getByLabel("Ask the survey on every apply form")).toBeChecked();
  await expect(section.getByRole("checkbox", { name: /^Gender/ })).toBeChecked();
  await expect(section.getByRole("checkbox", { name: /^Age range/ })).not.toBeChecked();
  expect(await accessibilityProblems(page)).toEqual([]);
  noConsoleErrors();

  const context = await candidateContext(browser, { javaScriptEnabled: false });
  const candidate = await context.newPage();
  await openApplyPage(candidate, jobId);
  const survey = candidate.getByRole("group", { name: "Equal-opportunity survey (voluntary)" });
  await expect(survey.getByText("Answering is optional")).toBeVisible();
  await expect(survey.getByText("never shown to the people who decide on it")).toBeVisible();
  await expect(survey.getByLabel("What is your age?")).toHaveCount(0);
  await candidate.getByLabel("Full name", { exact: true }).fill("Grace Darling");
  await candidate.getByLabel("Email", { exact: true }).fill(uniqueEmail("grace"));
  await candidate.getByLabel(question, { exact: true }).fill("Spring");
  await survey.getByLabel("What is your gender?").selectOption({ label: "Woman" });
  await survey.getByLabel(/disability/).selectOption({ label: "Prefer not to say" });
  await candidate.getByRole("checkbox", { name: `I have read and agree to ${company}'s privacy notice` }).check();
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
  await context.close();

  // The application's page says nothing of the answers.
  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Grace Darling" }).click();
  await expect(page.getByRole("region", { name: "Application form answers" })).toBeVisible();
  await expect(page.getByText("Prefer not to say")).toHaveCount(0);
  await expect(page.getByText(/equal-opportunity/i)).toHaveCount(0);

  await page.goto("/reports/equal-opportunity");
  await expect(page.getByText("Fewer than 5 applications")).toBeVisible();
  const gender = page.getByRole("region", { name: "Gender" });
  await expect(gender.getByRole("row", { name: /^Woman/ })).toContainText("Fewer than 5");
  await expect(gender.getByRole("row", { name: /^Answered this question/ })).toContainText("Fewer than 5");
  await expect(page.getByRole("region", { name: "Disability" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Age range" })).toHaveCount(0);
  expect(await accessibilityProblems(page)).toEqual([]);
  noConsoleErrors();
});

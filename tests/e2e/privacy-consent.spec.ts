import { expect, type Page, test } from "@playwright/test";
import { PRIVACY_MESSAGES } from "../../app/schemas/privacy";
import { accessibilityProblems, candidateContext, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { postJob } from "./pipeline-helpers";

/** Issue 17: consent when applying (decision 114). */

async function openApplyPage(page: Page, jobId: string) {
  await page.goto(`/jobs/${jobId}`);
  await page.goto(`${new URL(page.url()).pathname}/apply`);
}

test("without JavaScript the apply form refuses an application until the privacy notice is agreed to, keeping what was typed; staff see what was agreed", async ({ page, browser }) => {
  const company = `Lantern Works ${Date.now().toString(36)}`;
  await registerStaff(page, uniqueEmail(), { companyName: company });
  const question = "Favourite lamp?";
  const jobId = await postJob(page, "Lamp Lighter", question);

  const context = await candidateContext(browser, { javaScriptEnabled: false });
  const candidate = await context.newPage();
  await openApplyPage(candidate, jobId);
  const email = uniqueEmail("ida");
  await candidate.getByLabel("Full name", { exact: true }).fill("Ida Lewis");
  await candidate.getByLabel("Email", { exact: true }).fill(email);
  await candidate.getByLabel(question, { exact: true }).fill("Argand");
  await candidate.getByLabel("Cover letter", { exact: true }).fill("I kept Lime Rock light.");
  // The default notice opens in place, without JavaScript.
  await candidate.getByText(`Read ${company}'s privacy notice`).click();
  await expect(candidate.getByText(`${company} uses what you send with this application`)).toBeVisible();
  await candidate.getByRole("button", { name: "Submit Application" }).click();

  const consent = candidate.getByRole("checkbox", { name: `I have read and agree to ${company}'s privacy notice` });
  await expect(candidate.getByText(PRIVACY_MESSAGES.consentRequired)).toBeVisible();
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  await expect(consent).not.toBeChecked();
  await expect(candidate.getByLabel("Full name", { exact: true })).toHaveValue("Ida Lewis");
  await expect(candidate.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(candidate.getByLabel(question, { exact: true })).toHaveValue("Argand");
  await expect(candidate.getByLabel("Cover letter", { exact: true })).toHaveValue("I kept Lime Rock light.");

  await consent.check();
  await candidate.getByRole("checkbox", { name: `Keep me in ${company}'s talent pool for future roles` }).check();
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
  await context.close();

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Ida Lewis" }).click();
  const details = page.getByRole("region", { name: "Application" });
  await expect(details.getByText("Agreed to the default privacy notice on")).toBeVisible();
  await expect(details.getByText("Talent pool: yes, kept for future roles")).toBeVisible();
});

test("with JavaScript the box is checked before the form is sent; Settings › Privacy sets a link the apply form then shows", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const company = `Beacon Co ${Date.now().toString(36)}`;
  await registerStaff(page, uniqueEmail(), { companyName: company });
  const question = "Favourite lens?";
  const jobId = await postJob(page, "Lens Polisher", question);

  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  const section = page.getByRole("region", { name: "Privacy notice" });
  await section.getByLabel("A link to your own notice").check();
  await section.getByRole("button", { name: "Save privacy notice" }).click();
  await expect(section.getByText(PRIVACY_MESSAGES.urlRequired)).toBeVisible();
  await section.getByLabel("Link to your privacy notice").fill("https://beacon.example/privacy");
  await section.getByRole("button", { name: "Save privacy notice" }).click();
  await expect(page.getByText("Privacy notice saved.")).toBeVisible();
  await expect(section.getByLabel("Link to your privacy notice")).toHaveValue("https://beacon.example/privacy");
  expect(await accessibilityProblems(page)).toEqual([]);
  noConsoleErrors();

  const context = await candidateContext(browser);
  const candidate = await context.newPage();
  const noCandidateErrors = await failOnConsoleErrors(candidate);
  await openApplyPage(candidate, jobId);
  await expect(candidate.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "https://beacon.example/privacy");
  await candidate.getByLabel("Full name", { exact: true }).fill("Augustin Fresnel");
  await candidate.getByLabel("Email", { exact: true }).fill(uniqueEmail("fresnel"));
  await candidate.getByLabel(question, { exact: true }).fill("Fresnel");
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate.getByText(PRIVACY_MESSAGES.consentRequired)).toBeVisible();
  await expect(candidate).toHaveURL(/\/apply$/);
  expect(await accessibilityProblems(candidate)).toEqual([]);
  await candidate.getByRole("checkbox", { name: `I have read and agree to ${company}'s privacy notice` }).check();
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
  noCandidateErrors();
  await context.close();
});

import { expect, type Page, test } from "@playwright/test";
import { pdfWithText, windowsExecutable } from "../fixtures/documents";
import { candidateContext, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { postJob } from "./pipeline-helpers";

/** The job's apply page, from its id (the board redirects to the canonical address). */
async function openApplyPage(page: Page, jobId: string) {
  await page.goto(`/jobs/${jobId}`);
  await page.goto(`${new URL(page.url()).pathname}/apply`);
}

test("a candidate applies with a PDF CV, and the recruiter finds them by a word only the CV holds and opens it", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const jobId = await postJob(page, "Airship Engineer", "Favourite gas?");

  const context = await candidateContext(browser);
  const candidate = await context.newPage();
  await openApplyPage(candidate, jobId);
  await candidate.getByLabel("Full name", { exact: true }).fill("Hugo Eckener");
  await candidate.getByLabel("Email", { exact: true }).fill(uniqueEmail("hugo"));
  await candidate.getByLabel("Favourite gas?", { exact: true }).fill("Helium");
  const pdf = await pdfWithText(["Hugo Eckener", "Commanded the first round-the-world flight of a zeppelin in 1929."]);
  await candidate.getByLabel("Resume/CV").setInputFiles({ name: "Hugo Eckener CV.pdf", mimeType: "application/pdf", buffer: pdf });
  await candidate.getByLabel(/agree to .*privacy notice/).check();
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
  await context.close();

  // The CV's text is read in the background: the search finds it within moments.
  await expect(async () => {
    await page.goto(`/candidates?q=${encodeURIComponent("zeppelin")}`);
    await expect(page.getByRole("row", { name: /Hugo Eckener/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const row = page.getByRole("row", { name: /Hugo Eckener/ });
  await expect(row.getByText("Matched in CV or answers")).toBeVisible();
  await expect(row.locator("mark")).toHaveText("zeppelin");

  await row.getByRole("link", { name: "View Hugo Eckener's profile" }).click();
  const cvPanel = page.getByRole("region", { name: "CV" });
  await expect(cvPanel.getByText("Hugo Eckener CV.pdf").first()).toBeVisible();
  // The preview frame has no sandbox attribute (Chromium shows no PDF in one); the response locks it.
  const frame = cvPanel.locator('iframe[title="CV: Hugo Eckener CV.pdf"]');
  await expect(frame).toBeAttached();
  await expect(frame).not.toHaveAttribute("sandbox");
  const preview = await page.request.get((await frame.getAttribute("src"))!);
  expect(preview.headers()["content-disposition"]).toMatch(/^inline;/);
  expect(preview.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  const download = cvPanel.getByRole("link", { name: /Download/ });
  const href = await download.getAttribute("href");
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  // Its own policy, not the pages' one joined to it: nothing in the file may run.
  expect(file.headers()["content-security-policy"]).toBe("sandbox; default-src 'none'");
  expect(Buffer.from(await file.body()).equals(pdf)).toBe(true);
  noConsoleErrors();
});

test("without JavaScript a refused file keeps every other answer, and a PDF then goes through", async ({ page, browser }) => {
  await registerStaff(page);
  const jobId = await postJob(page, "Balloon Pilot", "Highest flight?");

  const context = await candidateContext(browser, { javaScriptEnabled: false });
  const candidate = await context.newPage();
  await openApplyPage(candidate, jobId);
  const email = uniqueEmail("bertrand");
  await candidate.getByLabel("Full name", { exact: true }).fill("Bertrand Piccard");
  await candidate.getByLabel("Email", { exact: true }).fill(email);
  await candidate.getByLabel("Highest flight?", { exact: true }).fill("Around the world");
  await candidate.getByLabel("Resume/CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: windowsExecutable() });
  await candidate.getByLabel(/agree to .*privacy notice/).check();
  await candidate.getByRole("button", { name: "Submit Application" }).click();

  await expect(candidate.getByText("This file can't be accepted. Upload a PDF, DOCX, ODT, RTF or TXT file.")).toBeVisible();
  await expect(candidate.getByLabel("Full name", { exact: true })).toHaveValue("Bertrand Piccard");
  await expect(candidate.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(candidate.getByLabel("Highest flight?", { exact: true })).toHaveValue("Around the world");

  await candidate.getByLabel("Resume/CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: await pdfWithText(["Bertrand Piccard", "Solar Impulse"]) });
  await candidate.getByLabel(/agree to .*privacy notice/).check();
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
  await context.close();

  await page.goto("/candidates");
  await page.getByRole("link", { name: "View Bertrand Piccard's profile" }).click();
  await expect(page.getByRole("region", { name: "CV" }).getByText("cv.pdf").first()).toBeVisible();
});

test("Sort by match ranks a job's applicants by the requirements their CV covers, and says which", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title", { exact: true }).fill("Mobile Engineer");
  await page.getByLabel("Description", { exact: true }).fill("Build our apps.");
  await page.getByLabel("Requirements", { exact: true }).fill("- Kotlin and Swift\n- GraphQL is a plus");
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  const href = await page.getByRole("row", { name: /Mobile Engineer/ }).getByRole("link", { name: "Manage Pipeline" }).getAttribute("href");
  const jobId = href!.split("/").pop()!;

  for (const [name, lines] of [
    ["Kate Kotlin", ["Android apps in Kotlin for six years."]],
    ["Sam Swift", ["iOS apps in Swift and Kotlin; GraphQL APIs."]],
  ] as const) {
    const context = await candidateContext(browser);
    const candidate = await context.newPage();
    await openApplyPage(candidate, jobId);
    await candidate.getByLabel("Full name", { exact: true }).fill(name);
    await candidate.getByLabel("Email", { exact: true }).fill(uniqueEmail("mobile"));
    await candidate.getByLabel("Resume/CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: await pdfWithText([name, ...lines]) });
    await candidate.getByLabel(/agree to .*privacy notice/).check();
    await candidate.getByRole("button", { name: "Submit Application" }).click();
    await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
    await context.close();
  }

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Sort by match" }).click();
  await expect(page.getByRole("heading", { name: "Ranked by match: Mobile Engineer" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Requirement terms/ }).getByRole("listitem")).toHaveText(["Kotlin", "Swift", "GraphQL"]);
  // The CVs' text is read in the background: the ranking follows within moments.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").nth(1)).toContainText("Sam Swift", { timeout: 1_000 });
    await expect(page.getByRole("row").nth(1)).toContainText("100%", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const kate = page.getByRole("row", { name: /Kate Kotlin/ });
  await expect(kate).toContainText("33%");
  await expect(kate).toContainText("Matched: Kotlin · Missing: Swift, GraphQL");
  noConsoleErrors();
});

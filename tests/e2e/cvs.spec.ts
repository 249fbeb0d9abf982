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
  await candidate.getByRole("button", { name: "Submit Application" }).click();

  await expect(candidate.getByText("This file can't be accepted. Upload a PDF, DOCX, ODT, RTF or TXT file.")).toBeVisible();
  await expect(candidate.getByLabel("Full name", { exact: true })).toHaveValue("Bertrand Piccard");
  await expect(candidate.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(candidate.getByLabel("Highest flight?", { exact: true })).toHaveValue("Around the world");

  await candidate.getByLabel("Resume/CV").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: await pdfWithText(["Bertrand Piccard", "Solar Impulse"]) });
  await candidate.getByRole("button", { name: "Submit Application" }).click();
  await expect(candidate).toHaveURL(/\/jobs\?applied=1$/);
  await context.close();

  await page.goto("/candidates");
  await page.getByRole("link", { name: "View Bertrand Piccard's profile" }).click();
  await expect(page.getByRole("region", { name: "CV" }).getByText("cv.pdf").first()).toBeVisible();
});

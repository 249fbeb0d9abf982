import { type Browser, expect, type Page } from "@playwright/test";
import { candidateContext } from "./helpers";

/** Posts a job with one custom text question through the staff form; answers the job's id. */
export async function postJob(page: Page, title: string, question: string): Promise<string> {
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title", { exact: true }).fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Build the services behind our hiring platform.");
  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByLabel("Label", { exact: true }).fill(question);
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  const href = await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: "Manage Pipeline" }).getAttribute("href");
  return href!.split("/").pop()!;
}

export async function apply(browser: Browser, jobId: string, candidate: { name: string; email: string; answer: string; question: string }) {
  const context = await candidateContext(browser);
  const page = await context.newPage();
  // /jobs/{id} sends a visitor to the job's canonical address; the form is at …/apply.
  await page.goto(`/jobs/${jobId}`);
  await page.goto(`${new URL(page.url()).pathname}/apply`);
  await page.getByLabel("Full name", { exact: true }).fill(candidate.name);
  await page.getByLabel("Email", { exact: true }).fill(candidate.email);
  await page.getByLabel("Resume URL", { exact: true }).fill("https://example.test/resume.pdf");
  await page.getByLabel("Cover letter", { exact: true }).fill(`Hello, I am ${candidate.name}.`);
  await page.getByLabel(candidate.question, { exact: true }).fill(candidate.answer);
  await page.getByLabel(/agree to .*privacy notice/).check();
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/jobs(\?|$)/);
  await context.close();
}

/**
 * Picks a card up with the keyboard. dnd-kit's keyboard sensor starts listening for arrow keys in a
 * timer it sets when the drag starts, so a test (faster than any person) waits for the page's
 * timers set so far to run before pressing the next key.
 */
export async function pickUpWithKeyboard(page: Page, candidateName: string, key: "Space" | "Enter") {
  await page.getByRole("button", { name: `Move ${candidateName}` }).focus();
  await page.keyboard.press(key);
  await expect(page.getByText(new RegExp(`Picked up ${candidateName}`))).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/**
 * Resolves once the server has answered the next card move on this job's board. The board shows a
 * move at once; a test that reloads must first wait for the move to be saved, or the reload can
 * overtake it.
 */
export function moveSaved(page: Page, jobId: string) {
  return page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/manage/jobs/${jobId}`) && response.ok(),
  );
}

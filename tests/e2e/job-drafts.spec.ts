import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { candidateContext, failOnConsoleErrors, registerStaff } from "./helpers";

/** Issue 10: a new recruiter saves a job as a draft, previews it as candidates will see it, and publishes it. */

async function fillJob(page: Page, title: string) {
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Guide ships into the harbour.");
  await page.getByLabel("Location").fill("Porto, Portugal");
  await page.getByLabel("Minimum salary").fill("50k");
  await page.getByLabel("Maximum salary").fill("65k");
  await page.getByLabel("Currency").fill("EUR");
}

test("a draft stays off the board, is previewed as its public page, and each step says what it did", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const title = `Harbour Pilot ${randomBytes(4).toString("hex")}`;
  await registerStaff(page);
  await fillJob(page, title);
  await page.getByRole("button", { name: "Save as draft" }).click();

  await expect(page).toHaveURL(/\/manage\/jobs\/[0-9a-f-]+\/preview$/);
  const notice = page.getByRole("status").filter({ hasText: "Draft saved." });
  await expect(notice).toBeVisible();
  const frame = page.getByRole("region", { name: "Preview — not published" });
  await expect(frame.getByRole("heading", { name: title })).toBeVisible();
  await expect(frame).toContainText("Porto, Portugal");
  await expect(frame).toContainText("€50,000 - €65,000");
  // The preview's Apply Now looks like the public page's and goes nowhere.
  await expect(frame.getByText("Apply Now")).toHaveAttribute("aria-disabled", "true");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const previewUrl = page.url();
  const id = /jobs\/([0-9a-f-]+)\/preview/.exec(previewUrl)![1]!;

  // Shown once: dismissed, and gone after a reload.
  await notice.getByRole("link", { name: "Dismiss notice" }).click();
  await expect(page.getByText("Draft saved.")).toHaveCount(0);
  const again = await page.reload();
  expect(again?.headers()["cache-control"]).toBe("no-store");
  await expect(frame).toBeVisible();
  await expect(page.getByText("Draft saved.")).toHaveCount(0);

  // Not on the board, and its public address is not found.
  const candidate = await candidateContext(browser);
  const visitor = await candidate.newPage();
  await visitor.goto("/jobs");
  await expect(visitor.getByRole("link", { name: title, exact: true })).toHaveCount(0);
  expect((await visitor.goto(`/jobs/${id}`))?.status()).toBe(404);

  // The jobs list offers the preview instead of a live page.
  await page.goto("/manage/jobs");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("draft");
  await expect(row.getByRole("link", { name: "View Live Job" })).toHaveCount(0);
  await row.getByRole("link", { name: `Preview ${title}` }).click();
  await expect(page).toHaveURL(previewUrl);

  // Editing a draft comes back to its preview.
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByLabel("Location").fill("Lisbon, Portugal");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(previewUrl);
  await expect(page.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(frame).toContainText("Lisbon, Portugal");

  await frame.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  await expect(page.getByRole("status").filter({ hasText: "Job published." })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("published");
  // Another page: the notice does not follow.
  await page.getByRole("link", { name: "Applications" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await expect(page.getByText("Job published.")).toHaveCount(0);

  await visitor.goto("/jobs");
  await expect(visitor.getByRole("link", { name: title, exact: true })).toBeVisible();

  // Closing says so on the page it comes back to.
  await page.goto(`/manage/jobs/${id}/edit`);
  await page.getByRole("button", { name: "Close job" }).click();
  await page.getByRole("alertdialog", { name: "Close this job?" }).getByRole("button", { name: "Close job" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Job closed." })).toBeVisible();
  await expect(page.getByText("This job is closed")).toBeVisible();
  noConsoleErrors();
});

test("Create Job publishes at once and says so", async ({ page }) => {
  const title = `Lock Keeper ${randomBytes(4).toString("hex")}`;
  await registerStaff(page);
  await fillJob(page, title);
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  await expect(page.getByRole("status").filter({ hasText: "Job published." })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("published");
});

test("Enter in a text box saves a draft, never publishes", async ({ page }) => {
  const title = `Ferry Mate ${randomBytes(4).toString("hex")}`;
  await registerStaff(page);
  await fillJob(page, title);
  await page.getByLabel("Location").press("Enter");
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Preview — not published" }).getByRole("heading", { name: title })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("save as draft, the preview, publish and their notices work by plain form posts", async ({ page }) => {
    const title = `Tide Watcher ${randomBytes(4).toString("hex")}`;
    await registerStaff(page);
    await fillJob(page, title);
    await page.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/preview$/);
    await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
    // Dismiss reloads the page, which no longer carries the notice.
    await page.getByRole("link", { name: "Dismiss notice" }).click();
    await expect(page.getByRole("region", { name: "Preview — not published" })).toBeVisible();
    await expect(page.getByText("Draft saved.")).toHaveCount(0);

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL(/\/manage\/jobs$/);
    await expect(page.getByRole("status").filter({ hasText: "Job published." })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("published");
    await expect(page.getByText("Job published.")).toHaveCount(0);
  });
});

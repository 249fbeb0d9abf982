import { expect, type Page, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/** Every element is on screen: visible and inside the viewport's width, with no sideways scrolling. */
async function expectAllInsideViewport(page: Page, name: string | RegExp) {
  const width = page.viewportSize()!.width;
  const actions = page.getByRole("main").getByRole("link", { name });
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) {
    await expect(action).toBeVisible();
    const box = (await action.boundingBox())!;
    expect(box.x, `${await action.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await action.textContent()} ends on screen`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "no sideways scrolling").toBeLessThanOrEqual(width);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the job and application lists show rows as cards with every action on screen", async ({ page, browser }) => {
    const noConsoleErrors = await failOnConsoleErrors(page);
    await registerStaff(page);
    const question = "Best tool?";
    const jobId = await postJob(page, "Lighthouse Keeper with a Rather Long Job Title", question);
    await apply(browser, jobId, { name: "Ada Lovelace", email: uniqueEmail("ada"), question, answer: "Engines" });

    await page.goto("/manage/jobs");
    // Still a table for assistive technology, and the old locators still find a job's row.
    const row = page.getByRole("row", { name: /Lighthouse Keeper/ });
    await expect(row).toContainText("1 candidate");
    await expectAllInsideViewport(page, /^(Manage Pipeline|Edit .+|View Live Job)$/);

    await page.goto("/applications");
    await expect(page.getByRole("row", { name: /Ada Lovelace/ })).toContainText("Lighthouse Keeper");
    await expectAllInsideViewport(page, /^View .+'s application$/);
    await page.getByRole("link", { name: "View Ada Lovelace's application" }).click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
    noConsoleErrors();
  });
});

test.describe("on a 1280 px screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the pipeline shows at least six of its eight stages at once", async ({ page }) => {
    await registerStaff(page);
    const jobId = await postJob(page, "Board Watcher", "Why?");
    await page.goto(`/manage/jobs/${jobId}`);
    const stages = page.getByRole("list", { name: "Pipeline stages" }).getByRole("listitem").filter({ has: page.getByRole("heading") });
    await expect(stages).toHaveCount(8);
    const fullyVisible = await page.getByTestId("pipeline-columns").evaluate((list) => {
      const frame = list.parentElement!.getBoundingClientRect();
      const right = Math.min(frame.right, document.documentElement.clientWidth);
      return [...list.children].filter((column) => {
        const rect = column.getBoundingClientRect();
        return rect.left >= frame.left && rect.right <= right;
      }).length;
    });
    expect(fullyVisible).toBeGreaterThanOrEqual(6);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("closing a job asks first, in the page itself", async ({ page }) => {
    await registerStaff(page);
    await page.goto("/manage/jobs/new");
    await page.getByLabel("Job title").fill("Night Watch");
    await page.getByLabel("Description", { exact: true }).fill("Watch the night.");
    await page.getByRole("button", { name: "Create Job" }).click();
    await page.getByRole("link", { name: "Edit Night Watch" }).click();

    await page.getByRole("button", { name: "Close job" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Close this job?" });
    await expect(confirm).toContainText("stops accepting applications");
    await expect(page.getByText("This job is on the public job board")).toBeVisible();
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page.getByText("This job is on the public job board")).toBeVisible();

    await page.getByRole("button", { name: "Close job" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Close job" }).click();
    await expect(page.getByText("This job is closed")).toBeVisible();
  });
});

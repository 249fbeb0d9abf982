import { expect, type Page, type Request, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/**
 * Decision 135: a list's rows are not each marked for React Router's route discovery. The browser
 * asks `/__manifest` for one address per kind (the first row's), and a click on any other row still
 * opens its page without loading a new document.
 */

/**
 * The application addresses the page asked `/__manifest` about, from the requests seen, each once: on
 * a slow machine React Router may ask again for an address whose first answer has not come yet (seen
 * once in CI: the one row's address in two requests), which is not a second row asked about.
 */
function applicationPathsAsked(requests: Request[]): string[] {
  const paths = requests
    .filter((request) => new URL(request.url()).pathname === "/__manifest")
    .flatMap((request) => (new URL(request.url()).searchParams.get("paths") ?? "").split(","))
    .filter((path) => /^\/applications\/[0-9a-f-]{36}$/.test(path));
  return [...new Set(paths)];
}

/**
 * Opens `path` and returns the requests it made. With `rowAsked`, it first waits for the answer about
 * a row's address: discovery runs once the page is hydrated, which on a slow machine came after the
 * network had been quiet for the 500 ms that "networkidle" waits (seen once in CI: no address asked).
 * Then any further question has been asked by the time the network is idle.
 */
async function visit(page: Page, path: string, { rowAsked = false } = {}): Promise<Request[]> {
  const requests: Request[] = [];
  const record = (request: Request) => void requests.push(request);
  page.on("request", record);
  const asked = rowAsked ? page.waitForResponse((response) => applicationPathsAsked([response.request()]).length > 0) : undefined;
  await page.goto(path);
  await asked;
  await page.waitForLoadState("networkidle");
  page.off("request", record);
  return requests;
}

test("lists and the board ask React Router about one row's address, and every row still opens in place", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why this team?";
  const jobId = await postJob(page, "Site Reliability Engineer", question);
  const names = ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"];
  for (const name of names) await apply(browser, jobId, { name, email: uniqueEmail("discovery"), question, answer: "Uptime." });

  // The list: three rows, one of whose addresses is asked about (each row's, before).
  const list = await visit(page, "/applications", { rowAsked: true });
  await expect(page.getByRole("link", { name: /^View .*'s application$/ })).toHaveCount(3);
  expect(applicationPathsAsked(list)).toHaveLength(1);

  // The last row, not the one discovered, opens in the same document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: `View ${names[0]}'s application` }).click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: names[0] })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The board: the Applied column's three cards, one address asked about.
  const board = await visit(page, `/manage/jobs/${jobId}`, { rowAsked: true });
  await expect(page.getByTestId("pipeline-card")).toHaveCount(3);
  expect(applicationPathsAsked(board)).toHaveLength(1);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByTestId("pipeline-card").last().getByRole("link", { name: /^[A-Z]/ }).first().click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  noConsoleErrors();
});

// Decision 136: the staff navigation is plain links with the root's one click listener.
test("the staff navigation opens each section in the same document, marks the one shown, and a click on it adds no history entry", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await visit(page, "/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await nav.getByRole("link", { name: "Candidates" }).click();
  await expect(page).toHaveURL(/\/candidates$/);
  await expect(nav.getByRole("link", { name: "Candidates" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  const entries = await page.evaluate(() => history.length);
  // The section shown, again: the same entry (as React Router's <Link> does), so Back leaves it.
  await nav.getByRole("link", { name: "Candidates" }).click();
  await expect(page).toHaveURL(/\/candidates$/);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The bell is the current page on /notifications only.
  const bell = page.getByRole("link", { name: /notifications/i }).last();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.locator('a[href="/notifications"][aria-current="page"]')).toHaveCount(2);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // A page under a section marks the section.
  await page.goto("/settings/company");
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current]")).toHaveCount(1);

  noConsoleErrors();
});

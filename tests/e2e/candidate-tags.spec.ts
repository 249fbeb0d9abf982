import { expect, type Page, test } from "@playwright/test";
import { accessibilityProblems, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/** The candidates list's rows (each has a View link), by name. */
const rows = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("link", { name: /^View / }) });
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

test("a recruiter tags a candidate on their page, finds them by the tag, and tags two candidates at once", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Best tool?";
  const keeper = await postJob(page, "Lighthouse Keeper", question);
  const pilot = await postJob(page, "Harbour Pilot", question);
  const adaEmail = uniqueEmail("ada");
  await apply(browser, keeper, { name: "Ada Lovelace", email: adaEmail, question, answer: "Lamp" });
  await apply(browser, keeper, { name: "Grace Hopper", email: uniqueEmail("grace"), question, answer: "Compass" });
  await apply(browser, pilot, { name: "Alan Turing", email: uniqueEmail("alan"), question, answer: "Chart" });
  await apply(browser, pilot, { name: "Ada Lovelace", email: adaEmail, question, answer: "Chart" });

  // On Ada's page, below the fold of a short window: adding and removing a tag keeps the page where it is.
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/candidates");
  await page.getByRole("link", { name: "View Ada Lovelace's profile" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  const tags = page.getByRole("region", { name: "Tags" });
  await expect(tags).toContainText("No tags yet.");
  await tags.getByLabel("Add tag").scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await tags.getByLabel("Add tag").fill("  Night   owl ");
  await tags.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Tag added.")).toBeAttached();
  await expect(tags.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Night owl"]);
  // The box is empty for the next tag, and still in view: the page did not go back to the top (the
  // notice above it only pushes the page down as far as the browser scrolls to keep the box in place).
  await expect(tags.getByLabel("Add tag")).toHaveValue("");
  await expect(tags.getByLabel("Add tag")).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);
  await tags.getByLabel("Add tag").fill("Backend");
  await tags.getByLabel("Add tag").press("Enter");
  await expect(tags.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Backend", "Night owl"]);
  // The same tag in other letters is the tag she has.
  await tags.getByLabel("Add tag").fill("BACKEND");
  await tags.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("The candidate already has this tag: nothing changed.")).toBeAttached();
  await expect(tags.getByRole("listitem")).toHaveCount(2);
  await tags.getByRole("button", { name: "Remove tag Backend" }).click();
  await expect(page.getByText("Tag removed.")).toBeAttached();
  await expect(tags.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Night owl"]);
  await expect(tags.getByLabel("Add tag")).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled);
  expect(await accessibilityProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The list shows the tag, and finds her by it in any case.
  await page.goto("/candidates");
  await expect(rowOf(page, "Ada Lovelace")).toContainText("Night owl");
  await page.getByLabel("Tag", { exact: true }).fill("night OWL");
  await page.getByLabel("Tag", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/tag=night\+OWL/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Ada Lovelace");
  await expect(page.getByText("1 candidate", { exact: true })).toBeVisible();

  // Clear filters; then two candidates ticked get a tag at once, and the list shows it on both.
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/candidates$/);
  await expect(rows(page)).toHaveCount(3);
  const bar = page.getByRole("group", { name: "Act on the selected candidates" });
  await expect(bar.getByRole("button", { name: "Add tag" })).toBeDisabled();
  await page.getByRole("checkbox", { name: "Select Grace Hopper" }).check();
  await page.getByRole("checkbox", { name: "Select Alan Turing" }).check();
  await expect(bar).toContainText("2 selected");
  await bar.getByLabel("Tag to add or remove").fill("Shortlist");
  await bar.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText("Tag added to the selected candidates.")).toBeAttached();
  await expect(rowOf(page, "Grace Hopper")).toContainText("Shortlist");
  await expect(rowOf(page, "Alan Turing")).toContainText("Shortlist");
  await expect(rowOf(page, "Ada Lovelace")).not.toContainText("Shortlist");
  expect(await accessibilityProblems(page)).toEqual([]);

  // A tag in the list is a link to its candidates; then a job narrows them, and they are sorted by name.
  await rowOf(page, "Grace Hopper").getByRole("link", { name: "Shortlist" }).click();
  await expect(page).toHaveURL(/tag=Shortlist/);
  await expect(page.getByLabel("Tag", { exact: true })).toHaveValue("Shortlist");
  await expect(rows(page)).toHaveCount(2);
  await page.getByLabel("Sort by").selectOption({ label: "Name" });
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows(page).locator("p.font-semibold")).toHaveText(["Alan Turing", "Grace Hopper"]);
  const job = page.getByRole("combobox", { name: "Job" });
  await job.fill("harb");
  await page.getByRole("option", { name: "Harbour Pilot" }).click();
  await expect(page).toHaveURL(/job=/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Alan Turing");
  await page.getByLabel("Status").selectOption({ label: "Rejected" });
  await expect(page.getByText("No candidates match your search.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/candidates\?sort=name$/);
  await expect(rows(page).locator("p.font-semibold")).toHaveText(["Ada Lovelace", "Alan Turing", "Grace Hopper"]);

  // Select all on this page, and take the tag off everyone who has it.
  await bar.getByLabel("Select all on this page").check();
  await expect(bar).toContainText("3 selected");
  await bar.getByLabel("Tag to add or remove").fill("shortlist");
  await bar.getByRole("button", { name: "Remove tag" }).click();
  await expect(page.getByText("Tag removed from the selected candidates.")).toBeAttached();
  await expect(rows(page).filter({ hasText: "Shortlist" })).toHaveCount(0);
  noConsoleErrors();

  // A name too long is said beside the box (the answer is a 400), and nothing is added.
  await page.getByRole("link", { name: "View Ada Lovelace's profile" }).click();
  await tags.getByLabel("Add tag").evaluate((input: HTMLInputElement) => input.removeAttribute("maxlength"));
  await tags.getByLabel("Add tag").fill("x".repeat(51));
  await tags.getByRole("button", { name: "Add" }).click();
  await expect(tags.getByText("Please keep a tag to 50 characters or fewer")).toBeVisible();
  await expect(tags.getByLabel("Add tag")).toHaveAttribute("aria-invalid", "true");
  await expect(tags.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Night owl"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a tag is added and removed on the candidate page, and ticked candidates are tagged from the list, by plain form posts", async ({ page }) => {
    await registerStaff(page);
    for (const [name, email] of [
      ["Ada Lovelace", uniqueEmail("ada")],
      ["Grace Hopper", uniqueEmail("grace")],
    ] as const) {
      await page.goto("/candidates/new");
      await page.getByLabel("Full name").fill(name);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Add candidate" }).click();
      await expect(page.getByText("Candidate added.")).toBeVisible();
    }

    // On Grace's page (the last added).
    const tags = page.getByRole("region", { name: "Tags" });
    await tags.getByLabel("Add tag").fill("Referral");
    await tags.getByRole("button", { name: "Add" }).click();
    await expect(page.getByText("Tag added.")).toBeVisible();
    await expect(page).toHaveURL(/\/candidates\/[0-9a-f-]{36}$/);
    await expect(tags.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Referral"]);
    await tags.getByLabel("Add tag").fill("");
    await tags.getByRole("button", { name: "Add" }).click();
    await expect(tags.getByText("Enter a tag")).toBeVisible();
    await tags.getByRole("button", { name: "Remove tag Referral" }).click();
    await expect(page.getByText("Tag removed.")).toBeVisible();
    await expect(tags).toContainText("No tags yet.");

    // The list: tick both, tag them, filter by the tag with the Search button.
    await page.goto("/candidates");
    const bar = page.getByRole("group", { name: "Act on the selected candidates" });
    await expect(bar).toContainText("Tick candidates, then choose an action");
    await bar.getByRole("button", { name: "Add tag" }).click();
    await expect(bar.getByText("Select at least one candidate")).toBeVisible();
    await page.getByRole("checkbox", { name: "Select Ada Lovelace" }).check();
    await page.getByRole("checkbox", { name: "Select Grace Hopper" }).check();
    await bar.getByLabel("Tag to add or remove").fill("Referral");
    await bar.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByText("Tag added to the selected candidates.")).toBeVisible();
    await expect(rows(page).filter({ hasText: "Referral" })).toHaveCount(2);
    await page.getByLabel("Tag", { exact: true }).fill("referral");
    await page.getByLabel("Sort by").selectOption({ label: "Name" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/tag=referral/);
    await expect(rows(page).locator("p.font-semibold")).toHaveText(["Ada Lovelace", "Grace Hopper"]);
  });
});

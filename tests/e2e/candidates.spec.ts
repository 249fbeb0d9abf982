import { expect, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("one person applying to two jobs is one candidate with both applications", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Best tool?";
  const keeper = await postJob(page, "Lighthouse Keeper", question);
  const pilot = await postJob(page, "Harbour Pilot", question);
  const email = uniqueEmail("ada");
  await apply(browser, keeper, { name: "Ada Lovelace", email, question, answer: "Lamp" });
  await apply(browser, pilot, { name: "Ada Lovelace", email: email.toUpperCase(), question, answer: "Chart" });
  await apply(browser, pilot, { name: "Alan Turing", email: uniqueEmail("alan"), question, answer: "Tide tables" });

  await page.getByRole("navigation").first().getByRole("link", { name: "Candidates" }).click();
  await expect(page).toHaveURL(/\/candidates$/);
  await expect(page.getByRole("heading", { name: "Candidates", level: 1 })).toBeVisible();
  const ada = page.getByRole("row", { name: /Ada Lovelace/ });
  await expect(ada).toHaveCount(1);
  await expect(ada).toContainText("Harbour Pilot");
  await expect(ada.getByRole("cell").nth(3)).toHaveText(/2/);
  await expect(page.getByText("2 candidates")).toBeVisible();

  // Search candidates by part of an email.
  await page.getByLabel("Search candidates").fill("alan");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row", { name: /Alan Turing/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Ada Lovelace/ })).toHaveCount(0);
  await page.getByLabel("Search candidates").fill("");
  await page.getByRole("button", { name: "Search" }).click();

  await page.getByRole("link", { name: "View Ada Lovelace's profile" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  const applications = page.getByRole("region", { name: "Applications (2)" });
  await expect(applications.getByRole("link")).toHaveText(["Harbour Pilot", "Lighthouse Keeper"]);

  // From an application to its candidate and back.
  await applications.getByRole("link", { name: "Lighthouse Keeper" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Candidate profile" }).click();
  await expect(page.getByRole("region", { name: "Applications (2)" })).toBeVisible();
  noConsoleErrors();
});

test("another company's candidate is not found", async ({ page }) => {
  await registerStaff(page);
  const response = await page.goto("/candidates/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Candidate not found" })).toBeVisible();
});

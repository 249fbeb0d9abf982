import { expect, test } from "@playwright/test";
import { registerStaff } from "./helpers";

// One error page for every boundary (decision 053): each area shows it inside its own frame.

test("a malformed job address answers 404 inside the job board's frame", async ({ page }) => {
  const response = await page.goto("/jobs/nope/some-job");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Job not found or no longer available" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login as a Company" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Job Board" }).click();
  await expect(page).toHaveURL(/\/jobs$/);
});

test("a staff page without a boundary of its own answers 404 inside the staff frame", async ({ page }) => {
  await registerStaff(page);
  const response = await page.goto("/manage/jobs/nope/edit");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

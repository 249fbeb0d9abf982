import { expect, type Page, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { postJob } from "./pipeline-helpers";

// The first hour of a new recruiter (issue 10): sign-up asks who they are and what their company is
// called, and the dashboard lists the first steps until they are done.

function step(page: Page, id: "company" | "job" | "team") {
  return page.getByTestId(`checklist-${id}`);
}

test("the owner's checklist links to each step, marks it done in words, and goes once all are done", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page, uniqueEmail(), { fullName: "Grace Hopper", companyName: "Compilers Inc" });
  await expect(page.getByRole("heading", { name: "Welcome, Grace Hopper!" })).toBeVisible();
  const checklist = page.getByRole("region", { name: "Get started" });
  await expect(checklist).toContainText("0 of 3 done");
  for (const id of ["company", "job", "team"] as const) await expect(step(page, id)).toContainText("To do");

  await checklist.getByRole("link", { name: "Add your company details" }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  const company = page.getByRole("region", { name: "Company" });
  await expect(company.getByLabel("Company name")).toHaveValue("Compilers Inc");
  await company.getByLabel("Website").fill("compilers.example");
  await company.getByRole("button", { name: "Save company" }).click();
  await expect(page.getByText("Company details saved.")).toBeVisible();

  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(checklist).toContainText("1 of 3 done");
  await expect(step(page, "company")).toContainText("Done");
  await expect(checklist.getByRole("link", { name: "Add your company details" })).toHaveCount(0);

  await checklist.getByRole("link", { name: "Invite a teammate" }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  const team = page.getByRole("region", { name: "Team" });
  await team.getByLabel("Invite by email").fill(uniqueEmail("teammate"));
  await team.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent.")).toBeVisible();

  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(checklist).toContainText("2 of 3 done");
  await expect(step(page, "team")).toContainText("Done");

  await checklist.getByRole("link", { name: "Post your first job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs\/new$/);
  await postJob(page, "Compiler Engineer", "Favourite language?");

  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Grace Hopper!" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Get started" })).toHaveCount(0);
  noConsoleErrors();
});

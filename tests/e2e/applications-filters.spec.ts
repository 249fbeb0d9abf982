import { expect, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("the job filter finds a job by part of its title and filters the applications to it", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Best tool?";
  const keeper = await postJob(page, "Lighthouse Keeper", question);
  const pilot = await postJob(page, "Harbour Pilot", question);
  await apply(browser, keeper, { name: "Ada Lovelace", email: uniqueEmail("ada"), question, answer: "Lamp" });
  await apply(browser, pilot, { name: "Alan Turing", email: uniqueEmail("alan"), question, answer: "Chart" });

  await page.goto("/applications");
  const rows = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^View / }) });
  await expect(rows).toHaveCount(2);
  const job = page.getByRole("combobox", { name: "Job" });
  await expect(job).toHaveAttribute("placeholder", "All jobs");

  // Typing part of a title offers the matching jobs; the keyboard takes one.
  await job.fill("harb");
  const choices = page.getByRole("listbox", { name: "Jobs" });
  await expect(choices.getByRole("option")).toHaveText(["All jobs", "Harbour Pilot"]);
  await job.press("ArrowDown");
  await expect(choices.getByRole("option", { name: "Harbour Pilot" })).toHaveAttribute("aria-selected", "true");
  await job.press("Enter");
  await expect(page).toHaveURL(new RegExp(`job=${pilot}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Alan Turing");
  await expect(job).toHaveValue("Harbour Pilot");
  await expect(page.getByLabel("Stage")).toBeEnabled();

  // Escape puts the chosen job back; a click on "All jobs" shows every application again.
  await job.fill("light");
  await expect(choices.getByRole("option")).toHaveText(["All jobs", "Lighthouse Keeper"]);
  await job.press("Escape");
  await expect(choices).toBeHidden();
  await expect(job).toHaveValue("Harbour Pilot");
  await job.click();
  await choices.getByRole("option", { name: "All jobs" }).click();
  await expect(rows).toHaveCount(2);
  await expect(job).toHaveValue("");
  await expect(page).not.toHaveURL(/job=[0-9a-f]/);

  // A title no job has says so.
  await job.fill("astronaut");
  await expect(page.getByText("No jobs match “astronaut”.")).toBeVisible();
  noConsoleErrors();
});

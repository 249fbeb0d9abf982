import { expect, test } from "@playwright/test";
import { accessibilityProblems, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

// Issue 13: bulk actions on the pipeline, with checkboxes and Shift-click, through the applications
// list's own actions.
test("ticked cards, a range by Shift-click, move to a stage together", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why us?";
  const jobId = await postJob(page, "Bulk Board Engineer", question);
  for (const name of ["Ada One", "Bo Two", "Cy Three"]) await apply(browser, jobId, { name, email: uniqueEmail("bulk"), question, answer: "Ships" });

  await page.goto(`/manage/jobs/${jobId}`);
  const applied = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Applied" }) });
  await expect(applied.getByTestId("pipeline-card")).toHaveCount(3);
  await expect(page.getByText("Tick candidates to move, email, tag or reject several at once")).toBeVisible();
  // The newest card is first: Cy, Bo, Ada. Cy, then Shift-click Ada: the three.
  await page.getByRole("checkbox", { name: "Select Cy Three" }).check();
  await page.getByRole("checkbox", { name: "Select Ada One" }).click({ modifiers: ["Shift"] });
  const bar = page.getByRole("group", { name: "Act on the selected applications" });
  await expect(bar).toContainText("3 applications selected");
  await expect(page.getByRole("checkbox", { name: "Select Bo Two" })).toBeChecked();
  expect(await accessibilityProblems(page)).toEqual([]);

  await bar.getByLabel("Move the selected to").selectOption({ label: "Screening" });
  await bar.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved 3 applications.")).toBeVisible();
  const screening = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Screening" }) });
  await expect(screening.getByTestId("pipeline-card")).toHaveCount(3);
  await expect(applied.getByTestId("pipeline-card")).toHaveCount(0);
  // Done: the ticks are cleared, and the bar gives way to the hint again.
  await expect(page.getByRole("checkbox", { name: "Select Bo Two" })).not.toBeChecked();
  noConsoleErrors();
});

import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("a recruiter moves two candidates' applications from the candidates list, shift-clicking the range, and emails one of them", async ({ page, browser, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why us?";
  const keeper = await postJob(page, "Lighthouse Keeper", question);
  const people = ["Ada Lovelace", "Grace Hopper", "Alan Turing"].map((name) => ({ name, email: uniqueEmail(name.split(" ")[0]!.toLowerCase()) }));
  for (const person of people) await apply(browser, keeper, { ...person, question, answer: "Lights" });

  // Without a job filter the bar can email, not move: moving is to a job's stage.
  await page.goto("/candidates");
  const bar = page.getByRole("group", { name: "Act on the selected candidates" });
  await expect(bar.getByText("Filter by a job to move or reject their applications to it.")).toBeVisible();
  await expect(bar.getByRole("button", { name: "Reject…" })).toHaveCount(0);

  // Filtered by the job: tick the first row, Shift-click the second; both are selected, the third is not.
  await page.goto(`/candidates?job=${keeper}&sort=name`);
  const boxes = page.getByRole("checkbox", { name: /^Select (Ada|Grace|Alan) / });
  await expect(boxes).toHaveCount(3);
  await page.getByRole("checkbox", { name: "Select Ada Lovelace" }).click();
  await page.getByRole("checkbox", { name: "Select Alan Turing" }).click({ modifiers: ["Shift"] });
  await expect(bar).toContainText("2 selected");
  await expect(page.getByRole("checkbox", { name: "Select Grace Hopper" })).not.toBeChecked();
  await bar.getByLabel("Move their applications to").selectOption({ label: "Screening" });
  await bar.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved 2 applications.")).toBeVisible();
  await expect(bar).toContainText("No candidates selected");

  // The board agrees: Ada and Alan in Screening, Grace still Applied.
  await page.goto(`/manage/jobs/${keeper}`);
  const screening = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Screening/ }) });
  await expect(screening.getByTestId("pipeline-card")).toHaveCount(2);
  await expect(screening).toContainText("Ada Lovelace");
  await expect(screening).toContainText("Alan Turing");

  // Email Grace a template from the unfiltered list.
  await page.goto("/candidates");
  await page.getByRole("checkbox", { name: "Select Grace Hopper" }).click();
  await bar.getByLabel("Email them a template").selectOption({ label: "Interview invitation" });
  const since = mailbox.messages.length;
  await bar.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Emailed the candidates of 1 application.")).toBeVisible();
  const grace = people[1]!;
  expect((await mailbox.waitFor(grace.email, { subject: /Interview invitation/, since })).text).toContain(`Hi ${grace.name},`);
  noConsoleErrors();
});

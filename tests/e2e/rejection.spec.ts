import { expect, test } from "./accounts-fixtures";
import { accessibilityProblems, failOnConsoleErrors, openApplicationTab, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("a recruiter rejects with a reason and a delayed email, undoes it, and finds a rejected candidate in the board's own lane", async ({
  page,
  browser,
}) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why us?";
  const jobId = await postJob(page, "Site Reliability Engineer", question);
  await apply(browser, jobId, { name: "Ada Lovelace", email: uniqueEmail("ada"), question, answer: "Engines" });
  await apply(browser, jobId, { name: "Grace Hopper", email: uniqueEmail("grace"), question, answer: "Compilers" });

  // The company's own reason, added in Settings › Hiring.
  await page.goto("/settings/hiring");
  await expect(page.getByRole("list", { name: "Rejection reasons" }).getByRole("listitem")).toHaveCount(5);
  await page.getByLabel("New reason").fill("Relocation");
  await page.getByRole("button", { name: "Add reason" }).click();
  await expect(page.getByText("Reason added.")).toBeVisible();
  await expect(page.getByLabel("Name of the reason “Relocation”")).toHaveValue("Relocation");
  expect(await accessibilityProblems(page)).toEqual([]);

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  // Manage is beside every tab: rejecting from the Emails tab shows the email waiting in the thread.
  await openApplicationTab(page, "Emails");

  // Reject: a reason is required; the email is the company's Rejection template, filled in and editable.
  await page.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reject Ada Lovelace?" });
  await expect(dialog.getByLabel("Subject")).toHaveValue("Your application for Site Reliability Engineer");
  await expect(dialog.getByLabel("Message")).toHaveValue(/^Hi Ada Lovelace,/);
  expect(await accessibilityProblems(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Reject application" }).click();
  await expect(dialog.getByText("Please choose a reason")).toBeVisible();
  await dialog.getByLabel("Reason").selectOption({ label: "Not qualified" });
  await dialog.getByLabel("Message").fill("Hi Ada,\n\nThank you for your time. We will not go on this time.");
  await dialog.getByLabel("Send", { exact: true }).selectOption({ label: "In 1 hour" });
  await dialog.getByRole("button", { name: "Reject application" }).click();

  await expect(page.getByText("Rejected: Not qualified. The rejection email leaves in 1 hour.")).toBeVisible();
  await expect(page.getByTestId("rejection-reason")).toContainText("Not qualified");
  const emails = page.getByRole("list", { name: "Email thread" });
  await expect(emails.getByText("scheduled")).toBeVisible();
  await expect(emails.getByRole("button", { name: /Cancel sending/ })).toBeVisible();

  // Undo: active again in its stage, and the waiting email is called off.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Reactivated: back in its stage. The rejection email was cancelled before it left.")).toBeVisible();
  await expect(emails.getByText("cancelled")).toBeVisible();
  await expect(emails.getByRole("button", { name: /Cancel sending/ })).toHaveCount(0);

  // Rejected again, for the new reason and without an email.
  await page.getByRole("button", { name: "Reject" }).click();
  await dialog.getByLabel("Reason").selectOption({ label: "Relocation" });
  await dialog.getByLabel("Send a rejection email").uncheck();
  await expect(dialog.getByLabel("Subject")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Reject application" }).click();
  await expect(page.getByText("Rejected: Relocation.")).toBeVisible();
  await openApplicationTab(page, "History");
  const history = page.getByRole("list", { name: "History" });
  await expect(history).toContainText("status changed from active to rejected (Not qualified)");
  await expect(history).toContainText("status changed from rejected to active");
  await expect(history).toContainText("status changed from active to rejected (Relocation)");

  // The board: Ada has left the active columns; the lane shows her with the reason on request.
  await page.goto(`/manage/jobs/${jobId}`);
  const applied = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Applied/ }) });
  await expect(applied.getByTestId("pipeline-card")).toHaveCount(1);
  await expect(applied.getByText("Grace Hopper")).toBeVisible();
  await expect(page.getByTestId("inactive-lane")).toHaveCount(0);
  await page.getByRole("link", { name: "Show rejected (1)" }).click();
  const lane = page.getByTestId("inactive-lane");
  await expect(lane.getByTestId("inactive-card")).toHaveCount(1);
  await expect(lane.getByTestId("inactive-card")).toContainText("Ada Lovelace");
  await expect(lane.getByTestId("inactive-card")).toContainText("Relocation");
  await expect(lane.getByTestId("inactive-card")).toContainText("At Applied");
  expect(await accessibilityProblems(page)).toEqual([]);
  await page.getByRole("link", { name: "Hide rejected" }).click();
  await expect(page.getByTestId("inactive-lane")).toHaveCount(0);
  noConsoleErrors();
});

test("a recruiter rejects three applications at once from the list, shift-clicking the range, and each candidate gets their email", async ({
  page,
  browser,
  mailbox,
}) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why us?";
  const jobId = await postJob(page, "Lighthouse Keeper", question);
  const people = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson"].map((name) => ({ name, email: uniqueEmail(name.split(" ")[0]!.toLowerCase()) }));
  for (const person of people) await apply(browser, jobId, { ...person, question, answer: "Light" });

  await page.goto("/applications");
  const bar = page.getByRole("group", { name: "Act on the selected applications" });
  await expect(bar).toContainText("No applications selected");
  // Newest first: Katherine, Alan, Grace, Ada. Tick Katherine, then Shift-click Grace: three.
  await page.getByRole("checkbox", { name: "Select Katherine Johnson's application" }).click();
  await page.getByRole("checkbox", { name: "Select Grace Hopper's application" }).click({ modifiers: ["Shift"] });
  await expect(bar).toContainText("3 applications selected");
  await expect(page.getByRole("checkbox", { name: "Select Alan Turing's application" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Select Ada Lovelace's application" })).not.toBeChecked();

  await bar.getByRole("button", { name: "Reject…" }).click();
  await bar.getByRole("button", { name: "Reject 3 applications" }).click();
  await expect(bar.getByText("Please choose a reason")).toBeVisible();
  await bar.getByLabel("Reason").selectOption({ label: "Position filled" });
  await bar.getByLabel("Email each candidate").selectOption({ label: "Rejection" });
  const since = mailbox.messages.length;
  await bar.getByRole("button", { name: "Reject 3 applications" }).click();
  await expect(page.getByText("Rejected 3 applications. Their emails are on their way.")).toBeVisible();
  for (const person of people.slice(1)) {
    const email = await mailbox.waitFor(person.email, { subject: /Lighthouse Keeper/, since });
    expect(email.text).toContain(`Hi ${person.name},`);
  }
  const rowOf = (name: string) => page.getByRole("row").filter({ hasText: name });
  for (const person of people.slice(1)) await expect(rowOf(person.name)).toContainText("rejected");
  await expect(rowOf("Ada Lovelace")).toContainText("active");
  await expect(bar).toContainText("No applications selected");

  // The same bar tags the candidates of the selected, and emails them a template.
  await page.getByRole("checkbox", { name: "Select Ada Lovelace's application" }).click();
  await bar.getByLabel("Tag their candidates").fill("Night owl");
  await bar.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText("Tagged 1 candidate “Night owl”.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select Ada Lovelace's application" }).click();
  await bar.getByLabel("Email them a template").selectOption({ label: "Interview invitation" });
  const beforeInvite = mailbox.messages.length;
  await bar.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Emailed the candidates of 1 application.")).toBeVisible();
  expect((await mailbox.waitFor(people[0]!.email, { subject: /Interview invitation/, since: beforeInvite })).text).toContain("Hi Ada Lovelace,");
  expect(await accessibilityProblems(page)).toEqual([]);
  noConsoleErrors();
});

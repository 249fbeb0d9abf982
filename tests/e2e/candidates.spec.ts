import { expect, test } from "@playwright/test";
import { candidateContext, failOnConsoleErrors, openApplicationTab, registerStaff, uniqueEmail } from "./helpers";
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
  await expect(ada.getByRole("cell").nth(1)).toContainText("Harbour Pilot");
  await expect(ada.getByRole("cell").nth(1)).toContainText("Applied · 2 applications");
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

test("a recruiter adds a candidate from the pipeline into a stage, and from the candidates list with a job they find", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const keeper = await postJob(page, "Lighthouse Keeper", "Best tool?");
  await postJob(page, "Harbour Pilot", "Best tool?");

  await page.goto(`/manage/jobs/${keeper}`);
  await page.getByRole("link", { name: "Add Candidate" }).click();
  await expect(page.getByRole("heading", { name: "Add candidate", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Job (optional)" })).toHaveValue("Lighthouse Keeper");
  await page.getByLabel("Email", { exact: true }).fill("grace@example.test");
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByLabel("Source (optional)").fill("Meetup");
  await page.getByLabel("Stage").selectOption({ label: "Screening" });
  await page.getByRole("button", { name: "Add candidate" }).click();

  await expect(page.getByText("Candidate added to the job.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Grace Hopper", level: 1 })).toBeVisible();
  const contact = page.getByRole("region", { name: "Contact" });
  await expect(contact).toContainText("Added by Test Recruiter · Meetup");
  await page.goto(`/manage/jobs/${keeper}`);
  const screening = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Screening/ }) });
  await expect(screening.getByTestId("pipeline-card")).toContainText("Grace Hopper");
  await screening.getByRole("link", { name: "Grace Hopper" }).click();
  await openApplicationTab(page, "History");
  await expect(page.getByText("Grace Hopper was added to Lighthouse Keeper in Screening")).toBeVisible();

  // From the candidates list, the job is found by typing; its stages follow.
  await page.goto("/candidates");
  await page.getByRole("link", { name: "Add candidate" }).click();
  await page.getByLabel("Full name").fill("Alan Turing");
  await page.getByLabel("Email", { exact: true }).fill("alan@example.test");
  const job = page.getByRole("combobox", { name: "Job (optional)" });
  await job.fill("harb");
  await page.getByRole("option", { name: "Harbour Pilot" }).click();
  await expect(page.getByLabel("Stage")).toHaveValue(/.+/);
  await expect(page.getByLabel("Stage").locator("option")).toHaveCount(8);
  await page.getByRole("button", { name: "Add candidate" }).click();
  await expect(page.getByText("Candidate added to the job.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Applications (1)" })).toContainText("Harbour Pilot");
  noConsoleErrors();

  // Bad input is said beside its field (the answer is a 400), and nothing typed is lost.
  await page.goto("/candidates/new");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Phone (optional)").fill("+1 555 0100");
  await page.getByRole("button", { name: "Add candidate" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("+1 555 0100");
});

test("a campaign link's source follows the visitor to the application and the candidate, and filters the list", async ({ page, browser }) => {
  await registerStaff(page);
  const question = "Best tool?";
  const keeper = await postJob(page, "Lighthouse Keeper", question);
  await apply(browser, keeper, { name: "Plain Visitor", email: uniqueEmail("plain"), question, answer: "Lamp" });

  const context = await candidateContext(browser);
  const visitor = await context.newPage();
  // A short link with its campaign: the redirect to the job's page keeps it, and the apply page is a click away.
  await visitor.goto(`/jobs/${keeper}?utm_source=linkedin&utm_medium=social&utm_campaign=spring`);
  await expect(visitor).toHaveURL(/utm_source=linkedin/);
  await visitor.getByRole("link", { name: "Apply Now" }).click();
  await expect(visitor).toHaveURL(/\/apply$/);
  await visitor.getByLabel("Full name", { exact: true }).fill("Campaign Visitor");
  await visitor.getByLabel("Email", { exact: true }).fill(uniqueEmail("campaign"));
  await visitor.getByLabel(question, { exact: true }).fill("Lens");
  await visitor.getByLabel(/agree to .*privacy notice/).check();
  await visitor.getByRole("button", { name: "Submit Application" }).click();
  await expect(visitor).toHaveURL(/\/jobs(\?|$)/);
  await context.close();

  await page.goto("/candidates");
  // The filters submit themselves once the page runs its JavaScript: the bar says so when it does.
  await expect(page.getByText("No candidates selected")).toBeVisible();
  await page.getByLabel("Source").selectOption({ label: "Campaign" });
  await expect(page).toHaveURL(/source=campaign/);
  const rows = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^View / }) });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Campaign Visitor");
  await expect(rows.first()).toContainText("linkedin / social / spring");
  await page.getByLabel("Source").selectOption({ label: "Job board" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Plain Visitor");
});

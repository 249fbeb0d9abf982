import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { postJob } from "./pipeline-helpers";

/** Adds a candidate through the Add candidate form; lands on their page. */
async function addCandidate(page: Page, person: { name: string; email: string; phone?: string }) {
  await page.goto("/candidates/new");
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  if (person.phone) await page.getByLabel("Phone (optional)").fill(person.phone);
  await page.getByRole("button", { name: "Add candidate" }).click();
  await expect(page.getByRole("heading", { name: person.name, level: 1 })).toBeVisible();
}

/** A CSV file for the file field. */
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`) });

test("a recruiter merges two candidates who are one person from the candidate page", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const keeper = await postJob(page, "Lighthouse Keeper", "Best tool?");
  const countess = uniqueEmail("countess");
  // The same person twice: another email, the same phone written another way, and an application.
  await addCandidate(page, { name: "Augusta King", email: countess, phone: "44 20 7946 0958" });
  await page.goto(`/manage/jobs/${keeper}`);
  await page.getByRole("link", { name: "Add Candidate" }).click();
  await page.getByLabel("Full name").fill("Augusta King");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("other"));
  await page.getByRole("button", { name: "Add candidate" }).click();
  await addCandidate(page, { name: "Ada Lovelace", email: uniqueEmail("ada"), phone: "+44 (20) 7946-0958" });

  const duplicates = page.getByRole("region", { name: "Possible duplicate" });
  await expect(duplicates).toContainText("Augusta King");
  await expect(duplicates).toContainText(countess);
  await expect(duplicates).toContainText("Same phone number");
  await duplicates.getByRole("link", { name: "Merge Augusta King into Ada Lovelace" }).click();

  await expect(page.getByRole("heading", { name: "Merge candidates", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "This profile stays: Ada Lovelace" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Merged into it, then removed: Augusta King" })).toContainText(countess);
  await expect(page.getByRole("region", { name: "After the merge" })).toContainText(`${countess} finds Ada Lovelace if they apply again`);
  await page.getByRole("button", { name: "Merge candidates" }).click();

  await expect(page.getByText("Candidates merged: every application of both is on this page.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Possible duplicate" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "History" })).toContainText(`Augusta King (${countess}) was merged into Ada Lovelace`);
  await expect(page.getByRole("list", { name: "History" })).toContainText("Test Recruiter");

  // The list has one of them; the dashboard's activity links to the kept candidate.
  await page.goto("/candidates");
  await expect(page.getByRole("link", { name: "View Ada Lovelace's profile" })).toBeVisible();
  await expect(page.getByText(countess)).toHaveCount(0);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: new RegExp(`Augusta King \\(${countess.replace(/[.]/g, "\\.")}\\) was merged into Ada Lovelace`) }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  noConsoleErrors();
});

test("a CSV file with one bad row is previewed with that row's error, and the fixed file imports every row", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await postJob(page, "Lighthouse Keeper", "Best tool?");
  const [grace, alan, edsger] = [uniqueEmail("grace"), uniqueEmail("alan"), uniqueEmail("edsger")];
  await page.goto("/candidates");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import candidates", level: 1 })).toBeVisible();

  await page.getByLabel("CSV file").setInputFiles(
    csvFile("team.csv", ["Name,Email,Phone,Job,Stage", `Grace Hopper,${grace},,Lighthouse Keeper,Screening`, `Alan Turing,not-an-email,,,`, `Edsger Dijkstra,${edsger},,,`]),
  );
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { name: "Import preview", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("1 row has errors");
  await expect(page.getByRole("alert")).toContainText("Nothing has been imported");
  const bad = page.getByRole("row", { name: /Alan Turing/ });
  await expect(bad).toContainText("Invalid email address");
  await expect(page.getByRole("row", { name: /Grace Hopper/ })).toContainText("New candidate");
  await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
  // Only the rows with errors.
  await page.getByRole("link", { name: "Rows with errors (1)" }).click();
  await expect(page.getByRole("row", { name: /Grace Hopper/ })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Alan Turing/ })).toBeVisible();
  // Nothing was written.
  await page.goto("/candidates");
  await expect(page.getByText("No candidates yet.")).toBeVisible();

  await page.getByRole("link", { name: "Import CSV" }).click();
  await page.getByLabel("CSV file").setInputFiles(
    csvFile("team.csv", ["Name,Email,Phone,Job,Stage", `Grace Hopper,${grace},,Lighthouse Keeper,Screening`, `Alan Turing,${alan},,,`, `Edsger Dijkstra,${edsger},,,`]),
  );
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByRole("heading", { name: "All 3 rows are ready" })).toBeVisible();
  await page.getByRole("button", { name: "Import 3 candidates" }).click();
  await expect(page.getByText("Import done: every row was written.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Imported" })).toContainText("3 rows written");
  await page.getByRole("link", { name: "See imported candidates" }).click();
  await expect(page.getByText("3 candidates")).toBeVisible();
  await page.getByRole("link", { name: "View Grace Hopper's profile" }).click();
  await expect(page.getByRole("region", { name: "Applications (1)" })).toContainText("Lighthouse Keeper");
  await expect(page.getByRole("region", { name: "Contact" })).toContainText("Imported by Test Recruiter · team.csv");
  await expect(page.getByRole("list", { name: "History" })).toContainText("Grace Hopper was imported to Lighthouse Keeper in Screening from team.csv");
  noConsoleErrors();
});

test.describe("without JavaScript", () => {
  test("a CSV file is uploaded, previewed and imported with plain forms", async ({ page, browser }) => {
    await registerStaff(page);
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();
    await plain.goto("/candidates/import");
    await plain.getByLabel("CSV file").setInputFiles(csvFile("plain.csv", ["name,email", `Barbara Liskov,${uniqueEmail("barbara")}`]));
    await plain.getByRole("button", { name: "Upload and preview" }).click();
    await expect(plain.getByRole("heading", { name: "The row is ready" })).toBeVisible();
    await plain.getByRole("button", { name: "Import 1 candidate" }).click();
    await expect(plain.getByText("Import done: every row was written.")).toBeVisible();
    await plain.goto("/candidates");
    await expect(plain.getByRole("link", { name: "View Barbara Liskov's profile" })).toBeVisible();
    // The export link is a plain download of the list's file.
    const download = plain.waitForEvent("download");
    await plain.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^candidates-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await file.path(), "utf8");
    expect(text).toContain("Barbara Liskov");
    await context.close();
  });
});

import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { accessibilityProblems, candidateContext, failOnConsoleErrors, registerStaff } from "./helpers";

/** Issue 16: a company's careers page, set up in settings, filtered without JavaScript; featured jobs lead (decision 108). */

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0b0e90000000049454e44ae426082",
  "hex",
);

async function postJob(page: Page, job: { title: string; department: string; location: string; type: string; featured?: boolean }) {
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title").fill(job.title);
  await page.getByLabel("Description", { exact: true }).fill("Work with us.");
  await page.getByLabel("Department").fill(job.department);
  await page.getByLabel("Location").fill(job.location);
  await page.getByLabel("Job type").selectOption(job.type);
  if (job.featured) await page.getByLabel("Feature this job").check();
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
}

test("an admin sets up the careers page; candidates filter it without JavaScript and never see another company's jobs", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const word = randomBytes(4).toString("hex");
  const slug = `lumen-${word}`;
  await registerStaff(page, undefined, { companyName: `Lumen ${word}` });
  await postJob(page, { title: `Platform Engineer ${word}`, department: "Engineering", location: "Berlin", type: "full-time" });
  await postJob(page, { title: `Support Lead ${word}`, department: "Support", location: "Lisbon", type: "part-time", featured: true });
  // The jobs list marks it, so the team sees what leads the board.
  await expect(page.getByRole("row", { name: new RegExp(`Support Lead ${word}`) })).toContainText("Featured");
  await expect(page.getByRole("row", { name: new RegExp(`Platform Engineer ${word}`) })).not.toContainText("Featured");

  await page.goto("/settings/careers");
  await expect(page.getByRole("heading", { name: "Careers page", level: 2 })).toBeVisible();
  await page.getByLabel("Address").fill("jobs");
  await page.getByRole("button", { name: "Save careers page" }).click();
  await expect(page.getByText("This address is reserved. Please choose another.")).toBeVisible();
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Introduction").fill("We build **calm** tools.\n\n- Remote friendly\n- Four-day weeks");
  await page.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Save careers page" }).click();
  await expect(page.getByText("Careers page saved.")).toBeVisible();
  await expect(page.getByRole("img", { name: `Lumen ${word} logo` })).toBeVisible();
  await expect(page.getByLabel("Embed snippet")).toHaveValue(new RegExp(`/companies/${slug}/embed`));

  // Another company's job, which the careers page must never show.
  const rival = await browser.newContext();
  const rivalPage = await rival.newPage();
  await registerStaff(rivalPage, undefined, { companyName: `Rival ${word}` });
  await postJob(rivalPage, { title: `Rival Engineer ${word}`, department: "Engineering", location: "Berlin", type: "full-time" });
  await rival.close();

  const candidate = await candidateContext(browser, { javaScriptEnabled: false });
  const visitor = await candidate.newPage();
  await visitor.goto(`/companies/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: `Careers at Lumen ${word}` })).toBeVisible();
  await expect(visitor.getByRole("img", { name: `Lumen ${word} logo` })).toBeVisible();
  await expect(visitor.getByText("Remote friendly")).toBeVisible();
  const cards = visitor.getByRole("main").getByRole("listitem").filter({ has: visitor.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(2);
  // The featured job leads, labelled.
  await expect(cards.first()).toContainText(`Support Lead ${word}`);
  await expect(cards.first()).toContainText("Featured");
  await expect(visitor.getByText(`Rival Engineer ${word}`)).toHaveCount(0);

  await visitor.getByLabel("Department").selectOption("Engineering");
  await visitor.getByRole("button", { name: "Filter" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/companies/${slug}\\?.*department=Engineering`));
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`Platform Engineer ${word}`);
  await expect(visitor.getByText(`Rival Engineer ${word}`)).toHaveCount(0);

  // The board's company filter leads to the same jobs, from any card's company link.
  await visitor.goto(`/jobs?company=${slug}&type=part-time`);
  await expect(visitor.getByText(`Support Lead ${word}`)).toBeVisible();
  await expect(visitor.getByText(`Platform Engineer ${word}`)).toHaveCount(0);
  await visitor.getByRole("link", { name: "Every company" }).click();
  await expect(visitor).toHaveURL(/\/jobs\?type=part-time$/);
  await candidate.close();

  // The page as a browser with JavaScript shows it: no console errors, no serious accessibility problems.
  await page.goto(`/companies/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: `Careers at Lumen ${word}` })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await noConsoleErrors();
});

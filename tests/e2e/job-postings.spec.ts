import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { googleJobPostingProblems } from "../helpers/google-job-posting";
import { candidateContext, failOnConsoleErrors, registerStaff } from "./helpers";

/** Issue 16: a job written in Markdown, remote from named countries, with a closing day; its page, share links and JSON-LD. */

test("a recruiter writes a job in Markdown for remote candidates; the board, the page, its share links and Google's data show it", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const word = `zq${randomBytes(4).toString("hex")}`;
  const title = `Remote Support Lead ${word}`;
  await registerStaff(page);

  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("## What you will do\n- Answer customers\n- Write **guides**\n\nRead [our handbook](https://handbook.example.com).");
  await page.getByLabel("Requirements").fill("1. Patience\n2. Clear writing");
  await page.getByLabel("Remote type").selectOption("remote");
  await page.getByLabel("Remote from").fill("Portugal, Atlantis");
  await page.getByLabel("Applications close on").fill("2099-12-31");
  await page.getByLabel("Minimum salary").fill("50k");
  await page.getByLabel("Maximum salary").fill("65,000");
  await page.getByLabel("Currency").fill("EUR");
  await page.getByLabel("Salary period").selectOption("yearly");
  await page.getByRole("button", { name: "Create Job" }).click();
  // The browser checks with the server's schema: an unknown country is named.
  await expect(page.getByText("“Atlantis” is not a country we know. Use its name or two-letter code, e.g. Germany or DE")).toBeVisible();
  await page.getByLabel("Remote from").fill("Portugal, ES");
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);

  const candidate = await candidateContext(browser);
  const visitor = await candidate.newPage();
  // The marketing site leads to the board.
  await visitor.goto("/");
  await visitor.getByRole("banner").getByRole("link", { name: "Find jobs" }).click();
  await expect(visitor).toHaveURL(/\/jobs$/);
  await visitor.getByRole("searchbox", { name: "Search jobs" }).fill(word);
  await visitor.getByRole("button", { name: "Search" }).click();
  const card = visitor.getByRole("listitem").filter({ has: visitor.getByRole("heading", { name: title }) });
  // The card reads as words, not Markdown.
  await expect(card).toContainText("What you will do. Answer customers. Write guides.");
  await expect(card).not.toContainText("##");
  await expect(card).toContainText("€50,000 - €65,000 yearly");

  await card.getByRole("link", { name: title, exact: true }).click();
  const article = visitor.getByRole("article");
  await expect(article.getByRole("heading", { level: 3, name: "What you will do" })).toBeVisible();
  await expect(article.locator(".job-text").getByRole("listitem")).toHaveText(["Answer customers", "Write guides", "Patience", "Clear writing"]);
  await expect(article.getByRole("link", { name: "our handbook" })).toHaveAttribute("rel", "nofollow noopener noreferrer ugc");
  await expect(article).toContainText("Remote (Portugal, Spain)");
  await expect(article).toContainText("31 December 2099");

  // Share links carry the page's address; the cards for sharing name the job and its company.
  const url = visitor.url();
  await expect(visitor.getByRole("link", { name: "Share on LinkedIn" })).toHaveAttribute("href", `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
  await expect(visitor.getByRole("link", { name: "Share by email" })).toHaveAttribute("href", new RegExp(`^mailto:\\?subject=${encodeURIComponent(title)}`));
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute("content", `${title} at My Company`);
  await expect(visitor.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
  await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");

  const ld = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown>;
  expect(googleJobPostingProblems(ld)).toEqual([]);
  expect(ld).toMatchObject({
    jobLocationType: "TELECOMMUTE",
    applicantLocationRequirements: [{ "@type": "Country", name: "Portugal" }, { "@type": "Country", name: "Spain" }],
    validThrough: "2099-12-31T23:59:59Z",
    baseSalary: { currency: "EUR", value: { minValue: 50000, maxValue: 65000, unitText: "YEAR" } },
  });
  expect(ld.description).toContain("<li>Answer customers</li>");
  await candidate.close();
  await noConsoleErrors();
});

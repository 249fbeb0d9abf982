import AxeBuilder from "@axe-core/playwright";
import { randomBytes, randomInt } from "node:crypto";
import { type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery staple";

export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

/**
 * A browser context for one candidate, with an address of its own: the server trusts a proxy on
 * loopback, so X-Forwarded-For gives each simulated candidate its own per-client apply limit (20
 * an hour), as real candidates have, instead of every test sharing 127.0.0.1's.
 */
export function candidateContext(browser: Browser, options: BrowserContextOptions = {}) {
  const address = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
  return browser.newContext({ ...options, extraHTTPHeaders: { "X-Forwarded-For": address } });
}

/** Fails the test on any console error or uncaught page error. */
export async function failOnConsoleErrors(page: Page) {
  const problems: string[] = [];
  // Content-Security-Policy violations reach no console event (even a blocked eval the page
  // catches, as a library probing for eval does): report them as errors from the page itself.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return () => expect(problems, "console errors").toEqual([]);
}

/** Who signs up when a test does not say: the register form requires a full name and a company name. */
export const STAFF_NAMES = { fullName: "Test Recruiter", companyName: "My Company" };

/** Registers a new staff account through the form and lands on the dashboard. */
export async function registerStaff(page: Page, email = uniqueEmail(), names: Partial<typeof STAFF_NAMES> = {}) {
  const { fullName, companyName } = { ...STAFF_NAMES, ...names };
  await page.goto("/register");
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Company name").fill(companyName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Serious or critical WCAG 2.1 AA problems axe finds on the page as it is. */
export async function accessibilityProblems(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** Opens one section of an application's page (decision 100) by its tab, and waits until it is the current one. */
export async function openApplicationTab(page: Page, name: "Overview" | "Feedback" | "Emails" | "Notes" | "History") {
  const tab = page.getByRole("navigation", { name: "Application sections" }).getByRole("link", { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-current", "page");
}

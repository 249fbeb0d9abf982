import type { Page } from "@playwright/test";
import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, PASSWORD, registerStaff } from "./helpers";

/** The Settings sections' navigation (decision 057): one page each, under one heading. */
const sectionsNav = (page: Page) => page.getByRole("navigation", { name: "Settings sections" });

test("settings save the full name, notifications and company, with clear messages", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await page.getByRole("link", { name: "Settings" }).click();
  // Spec: /settings itself shows the Profile, with the full name, the read-only role and Notifications.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  // Whoever signs the company up is its owner: Settings and the team list say the same.
  await expect(profile.getByLabel("Role")).toHaveValue("Owner");
  await expect(profile.getByLabel("Role")).toBeDisabled();
  await expect(profile.getByLabel("Email notifications")).toBeChecked();

  await profile.getByLabel("Full name").fill("Marie Curie");
  await profile.getByLabel("Email notifications").uncheck();
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  // The notice rides a cookie, not the address: a reload or a shared link never shows it again.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("staff-name")).toHaveText("Marie Curie");

  await sectionsNav(page).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/settings\/team$/);
  await expect(page.getByRole("list", { name: "Members" }).getByRole("listitem")).toContainText("Owner");
  // The main navigation's Settings link stays current on every section.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");

  await sectionsNav(page).getByRole("link", { name: "Company" }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  const company = page.getByRole("region", { name: "Company" });
  await company.getByLabel("Company name").fill("");
  await company.getByLabel("Website").fill("not a website");
  await company.getByRole("button", { name: "Save company" }).click();
  await expect(company.getByText("Company name is required")).toBeVisible();
  await expect(company.getByText("Enter a valid website address, like https://example.com")).toBeVisible();
  // Each error goes once its field is fixed.
  await company.getByLabel("Company name").fill("Curie Labs");
  await expect(company.getByText("Company name is required")).toHaveCount(0);
  await expect(company.getByLabel("Company name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(company.getByText("Enter a valid website address, like https://example.com")).toBeVisible();
  await company.getByLabel("Website").fill("curie.example");
  await company.getByRole("button", { name: "Save company" }).click();
  await expect(page.getByText("Company details saved.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/company$/);

  await page.reload();
  await expect(company.getByLabel("Company name")).toHaveValue("Curie Labs");
  await expect(company.getByLabel("Website")).toHaveValue("https://curie.example");
  await page.goto("/settings");
  await expect(profile.getByLabel("Full name")).toHaveValue("Marie Curie");
  await expect(profile.getByLabel("Email notifications")).not.toBeChecked();
  noConsoleErrors();
});

test("a new save's errors replace the last save's notice", async ({ page }) => {
  await registerStaff(page);
  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await profile.getByLabel("Full name").fill("x".repeat(101));
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Full name must be at most 100 characters")).toBeVisible();
  await expect(page.getByText("Profile saved.")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("each section has its own page, reached from the sections' links by keyboard, without sideways scrolling", async ({ page }) => {
    const noConsoleErrors = await failOnConsoleErrors(page);
    await registerStaff(page);
    await page.goto("/settings");
    const nav = sectionsNav(page);
    await expect(nav.getByRole("link")).toHaveText(["Profile", "Security", "Company", "Team", "Hiring", "Careers page", "Privacy", "API keys", "Webhooks", "Audit"]);
    const pages = [
      { link: "Profile", path: "/settings", region: "Profile" },
      { link: "Security", path: "/settings/security", region: "Security" },
      { link: "Company", path: "/settings/company", region: "Company" },
      { link: "Team", path: "/settings/team", region: "Team" },
      { link: "Hiring", path: "/settings/hiring", region: "Hiring" },
      { link: "Careers page", path: "/settings/careers", region: "Careers page" },
      { link: "Privacy", path: "/settings/privacy", region: "Privacy notice" },
      { link: "API keys", path: "/settings/api-keys", region: "API keys" },
      { link: "Webhooks", path: "/settings/webhooks", region: "Webhooks" },
      { link: "Audit", path: "/settings/audit", region: "Audit trail" },
    ];
    for (const { link, path, region } of pages) {
      await nav.getByRole("link", { name: link }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await expect(page.getByRole("region", { name: region })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
      // The current section, and only it, is marked for assistive technology.
      await expect(nav.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator("[aria-current]")).toHaveCount(1);
      for (const item of await nav.getByRole("link").all()) {
        const box = (await item.boundingBox())!;
        expect(box.x + box.width, `${link}: ${await item.textContent()} ends on screen`).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: no sideways scrolling`).toBeLessThanOrEqual(390);
    }
    noConsoleErrors();
  });
});

test("links to the old one-page anchors open the section's own page", async ({ page }) => {
  await registerStaff(page);
  for (const [anchor, path] of [
    ["company", "/settings/company"],
    ["team", "/settings/team"],
    ["security", "/settings/security"],
  ] as const) {
    await page.goto(`/settings#${anchor}`);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
    await expect(page.getByRole("region", { name: anchor[0]!.toUpperCase() + anchor.slice(1) })).toBeVisible();
  }
  await page.goto("/settings#profile");
  await expect(page).toHaveURL(/\/settings#profile$/);
  await expect(page.getByRole("region", { name: "Profile" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("each section's form posts to its own page and lands back there", async ({ page }) => {
    await registerStaff(page);
    await page.goto("/settings/company");
    const company = page.getByRole("region", { name: "Company" });
    await company.getByLabel("Company name").fill("");
    await company.getByRole("button", { name: "Save company" }).click();
    await expect(page).toHaveURL(/\/settings\/company$/);
    await expect(company.getByText("Company name is required")).toBeVisible();
    await company.getByLabel("Company name").fill("Plain Forms Ltd");
    await company.getByRole("button", { name: "Save company" }).click();
    await expect(page.getByText("Company details saved.")).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/company$/);

    await page.goto("/settings");
    await page.getByRole("region", { name: "Profile" }).getByLabel("Full name").fill("Ada Plain");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile saved.")).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId("staff-name")).toHaveText("Ada Plain");
  });
});

test("the sessions list signs out other devices, and this one", async ({ page, browser }) => {
  const email = await registerStaff(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto("/login");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto("/settings/security");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByText("This device")).toBeVisible();
  await page.getByRole("button", { name: "Sign out other devices" }).click();
  await expect(page.getByText("Your other devices have been signed out.")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await other.goto("/settings/security");
  await expect(other).toHaveURL(/\/login\?redirectTo=%2Fsettings%2Fsecurity$/);

  await page.getByRole("button", { name: "Sign out this device" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test("changing the password checks the current one", async ({ page }) => {
  await registerStaff(page);
  await page.goto("/settings/security");
  const security = page.getByRole("region", { name: "Security" });
  await security.getByLabel("Current password").fill("not my password");
  await security.getByLabel("New password", { exact: true }).fill("another long passphrase");
  await security.getByLabel("Confirm new password").fill("another long passphrase");
  await security.getByRole("button", { name: "Change password" }).click();
  await expect(security.getByText("Current password is incorrect")).toBeVisible();
  await security.getByLabel("Current password").fill(PASSWORD);
  // The server's verdict on the old value no longer applies to the new one.
  await expect(security.getByText("Current password is incorrect")).toHaveCount(0);
  await security.getByLabel("New password", { exact: true }).fill("another long passphrase");
  await security.getByLabel("Confirm new password").fill("another long passphrase");
  await security.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other devices have been signed out.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(security.getByLabel("Current password")).toHaveValue("");
});

import { expect, test } from "@playwright/test";
import { failOnConsoleErrors, PASSWORD, registerStaff, uniqueEmail } from "./helpers";

test("register, land on the dashboard, sign out, get sent to sign-in from a staff page and come back to it", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const email = await registerStaff(page, uniqueEmail(), { fullName: "Ada Lovelace", companyName: "Analytical Engines" });
  await expect(page.getByRole("heading", { name: "Welcome, Ada Lovelace!" })).toBeVisible();
  await expect(page.getByText("Active Jobs")).toBeVisible();
  await expect(page.getByTestId("staff-name")).toHaveText("Ada Lovelace");
  await expect(page.getByTestId("staff-company")).toHaveText("Owner · Analytical Engines");

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/manage/jobs");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmanage%2Fjobs$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  await expect(page.getByRole("heading", { name: "Jobs" })).toBeVisible();
  await expect(page.getByText("Get started by creating a new job posting.")).toBeVisible();
  noConsoleErrors();
});

test("the register form shows the spec's messages in the browser and from the server", async ({ page }) => {
  await page.goto("/register");
  await page.getByRole("button", { name: "Create account" }).click();
  // The names are asked for but optional: no message for them.
  await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByText("Please confirm your password")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("different");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  // A common password passes the shared schema; the server refuses it.
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByLabel("Company name").fill("Analytical Engines");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password", { exact: true }).fill("password123");
  await page.getByLabel("Confirm password").fill("password123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common. Please choose another.")).toBeVisible();

  // Too easy to guess by zxcvbn (on the server): the message sits next to the password field.
  await page.getByLabel("Password", { exact: true }).fill("bbbbbbbb");
  await page.getByLabel("Confirm password").fill("bbbbbbbb");
  await page.getByRole("button", { name: "Create account" }).click();
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/^This password is too easy to guess\./);
});

test("signing up with an address that has an account says 'Check your email' and never confirms it", async ({ page }) => {
  const email = await registerStaff(page);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/register");
  await page.getByLabel("Full name").fill("Someone Else");
  await page.getByLabel("Company name").fill("Elsewhere");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`We sent a message to ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("a wrong password shows the service's message and keeps the email", async ({ page }) => {
  const email = await registerStaff(page);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong password here");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue(email);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form still posts and the server answers the messages", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });
});

test("unknown pages answer 404 and cross-site form posts are refused", async ({ page, request }) => {
  const response = await page.goto("/customers");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  const crossSite = await request.post("/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: "a@b.test", password: "whatever1" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
});

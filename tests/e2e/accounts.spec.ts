import { codeIn, linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { totpCode } from "./accounts-totp";
import { failOnConsoleErrors, PASSWORD, registerStaff, uniqueEmail } from "./helpers";

const NEW_PASSWORD = "a fresh and long passphrase";

test("a forgotten password is reset through the link in the email, once", async ({ page, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const email = await registerStaff(page);
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  const since = mailbox.messages.length;
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(`If an account exists for ${email}, we sent it a link`)).toBeVisible();

  const message = await mailbox.waitFor(email, { subject: /Reset your OpenHire password/, since });
  const link = linkIn(message, "/reset-password");
  await page.goto(link);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Confirm password").fill("something else entirely");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been reset. Sign in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // New errors do not sit under the notice of the reset: it goes once the form is submitted again.
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByText("Your password has been reset. Sign in with your new password.")).toHaveCount(0);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reset link expired" })).toBeVisible();
  noConsoleErrors();
});

test("an unknown email gets the same answer on the forgot-password page", async ({ page }) => {
  await page.goto("/forgot-password");
  const stranger = uniqueEmail("nobody");
  await page.getByLabel("Email").fill(stranger);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(`If an account exists for ${stranger}, we sent it a link`)).toBeVisible();
});

test("two-factor enrolment in Settings, then sign-in asks for the code", async ({ page }) => {
  const email = await registerStaff(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/settings\/security$/);
  const security = page.getByRole("region", { name: "Security" });
  await security.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await security.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await page.getByTestId("manual-key").textContent())!.trim();

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Invalid code")).toBeVisible();
  // The wrong code above answered 400 on purpose; from here on nothing may fail.
  const noConsoleErrors = await failOnConsoleErrors(page);
  await page.getByLabel("Code from the app").fill(totpCode(key));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  const recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(recoveryCodes.length).toBeGreaterThanOrEqual(8);

  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code works instead of the app.
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  noConsoleErrors();
});

test("sign in with a one-time code from the email", async ({ page, mailbox }) => {
  const email = await registerStaff(page);
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Email me a sign-in code instead" }).click();
  // Wait for the new page, or the login page's own Email field gets the text.
  await expect(page.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  const since = mailbox.messages.length;
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByText(`If an account exists for ${email}, a code is on its way.`)).toBeVisible();
  const code = codeIn(await mailbox.waitFor(email, { subject: /sign-in code/, since }));
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The notice about the removed password lands on Security, the section about the password (it was /settings#security).
  await expect(page).toHaveURL(/\/settings\/security$/);
  await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
});

test("an invitee joins the company through the emailed link; removing them signs them out", async ({ page, browser, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await page.goto("/settings/company");
  const company = page.getByRole("region", { name: "Company" });
  await company.getByLabel("Company name").fill("Umbrella Hiring");
  await company.getByRole("button", { name: "Save company" }).click();
  await expect(page.getByText("Company details saved.")).toBeVisible();

  const invitee = uniqueEmail("invitee");
  await page.goto("/settings/team");
  const team = page.getByRole("region", { name: "Team" });
  await team.getByLabel("Invite by email").fill(invitee);
  const since = mailbox.messages.length;
  await team.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(invitee);
  await expect(team.getByLabel("Invite by email")).toHaveValue("");
  const link = linkIn(await mailbox.waitFor(invitee, { subject: /invited you to join Umbrella Hiring/, since }), "/invitations/");

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole("heading", { name: "Join Umbrella Hiring" })).toBeVisible();
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByLabel("Confirm password").fill(PASSWORD);
  // The invitee is asked their name too.
  await other.getByRole("button", { name: "Create account and join" }).click();
  await expect(other.getByLabel("Full name")).toHaveAccessibleDescription("Full name is required");
  await other.getByLabel("Full name").fill("Nina Newcomer");
  await other.getByRole("button", { name: "Create account and join" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole("heading", { name: "Welcome, Nina Newcomer!" })).toBeVisible();
  await expect(other.getByTestId("staff-name")).toHaveText("Nina Newcomer");
  await expect(other.getByTestId("staff-company")).toHaveText("Recruiter · Umbrella Hiring");
  // The checklist is the owner's: the company is set up by whoever signed it up.
  await expect(other.getByRole("region", { name: "Get started" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("list", { name: "Members" })).toContainText(invitee);
  await page.getByRole("button", { name: `Remove ${invitee}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("loses access to the company at once");
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText("Member removed. Their sessions have ended.")).toBeVisible();

  await other.goto("/manage/jobs");
  await expect(other).toHaveURL(/\/login\?redirectTo=/);
  await context.close();
  noConsoleErrors();
});

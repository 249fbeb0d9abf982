import { readFile } from "node:fs/promises";
import { linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, PASSWORD, registerStaff, uniqueEmail } from "./helpers";

// Issue 17's audit trail (decision 115): an admin's change of a member's role is found on
// Settings › Audit, filtered by its action, and is in the trail's CSV.
test("an admin changes a member's role, finds the entry filtered by action, and downloads the CSV", async ({ page, browser, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);

  // A recruiter joins through an invitation.
  const invitee = uniqueEmail("audited");
  await page.goto("/settings/team");
  const team = page.getByRole("region", { name: "Team" });
  await team.getByLabel("Invite by email").fill(invitee);
  await team.getByLabel("Role", { exact: true }).selectOption({ label: "Recruiter" });
  const since = mailbox.messages.length;
  await team.getByRole("button", { name: "Send invitation" }).click();
  const link = linkIn(await mailbox.waitFor(invitee, { subject: /invited you to join/, since }), "/invitations/");
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel("Full name").fill("Rhea Roles");
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByLabel("Confirm password").fill(PASSWORD);
  await other.getByRole("button", { name: "Create account and join" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await context.close();

  // The owner makes them an admin.
  await page.goto("/settings/team");
  await team.getByRole("combobox", { name: "Role of Rhea Roles" }).selectOption({ label: "Admin" });
  await team.getByRole("button", { name: "Change role of Rhea Roles" }).click();
  await expect(page.getByText("Role changed.")).toBeVisible();

  // Settings › Audit, filtered by the action: only the role change.
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Audit" }).click();
  const audit = page.getByRole("region", { name: "Audit trail" });
  await audit.getByLabel("Action").selectOption({ label: "Changed a member's role" });
  await audit.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/settings\/audit\?action=member\.role_changed/);
  const rows = audit.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Changed a member's role");
  await expect(rows.nth(1)).toContainText("Rhea Roles");
  await expect(rows.nth(1)).toContainText("Recruiter → Admin");

  // The filtered trail as a file.
  const download = page.waitForEvent("download");
  await audit.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), "utf8")).trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Changed a member's role,member.role_changed,Rhea Roles,");
  expect(lines[1]).toContain("Recruiter → Admin");

  // On a phone the entries stack: nothing scrolls the page sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(audit.getByRole("list", { name: "Audit entries" })).toContainText("Recruiter → Admin");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  noConsoleErrors();
});

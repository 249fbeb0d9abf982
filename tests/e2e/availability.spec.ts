import { expect, type Page, test } from "@playwright/test";
import { accessibilityProblems, failOnConsoleErrors, registerStaff } from "./helpers";

/*
 * A member's availability in Settings › Profile (issue 14, decision 103): their time zone, weekly
 * working hours and blocked times, which self-scheduling links read.
 */

// The browser's zone: the dashboard tells the server (the `tz` cookie), and the form starts from it.
test.use({ timezoneId: "America/New_York" });

const availability = (page: Page) => page.getByRole("region", { name: "Availability" });

test("a member sets their time zone and working hours, and blocks a time and removes it", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const section = availability(page);
  await expect(section.getByLabel("Time zone")).toHaveValue("America/New_York");
  // Until the member says otherwise: Monday to Friday, 09:00 to 17:00.
  await expect(section.getByLabel("Friday", { exact: true })).toBeChecked();
  await expect(section.getByLabel("Saturday", { exact: true })).not.toBeChecked();
  await expect(section.getByLabel("Monday from")).toHaveValue("09:00");

  await section.getByLabel("Time zone").fill("Europe/Berlin");
  await section.getByLabel("Friday", { exact: true }).uncheck();
  await section.getByLabel("Monday from").fill("10:00");
  await section.getByLabel("Monday until").fill("18:30");
  // Hours that end before they start are refused beside that day's field, before anything is sent.
  await section.getByLabel("Tuesday until").fill("08:00");
  await section.getByRole("button", { name: "Save availability" }).click();
  await expect(section.getByText("Each day's hours end after they start.")).toBeVisible();
  await expect(section.getByLabel("Tuesday until")).toHaveAttribute("aria-invalid", "true");
  await section.getByLabel("Tuesday until").fill("17:00");
  await expect(section.getByText("Each day's hours end after they start.")).toHaveCount(0);
  await section.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("Availability saved.")).toBeVisible();

  await page.reload();
  await expect(section.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  await expect(section.getByLabel("Friday", { exact: true })).not.toBeChecked();
  await expect(section.getByLabel("Thursday", { exact: true })).toBeChecked();
  await expect(section.getByLabel("Monday from")).toHaveValue("10:00");
  await expect(section.getByLabel("Monday until")).toHaveValue("18:30");
  await expect(section.getByLabel("Tuesday until")).toHaveValue("17:00");

  // A blocked time, in the member's zone (Berlin), listed and removed.
  await expect(section.getByText("No blocked times.")).toBeVisible();
  const add = section.getByRole("form", { name: "Add blocked time" });
  await add.getByLabel("From date").fill("2099-12-28");
  await add.getByLabel("From time").fill("09:00");
  await add.getByLabel("Until date").fill("2100-01-01");
  await add.getByLabel("Until time").fill("17:00");
  await add.getByLabel("Reason (optional)").fill("Holiday");
  await add.getByRole("button", { name: "Add blocked time" }).click();
  await expect(page.getByText("Blocked time added.")).toBeVisible();
  const list = section.getByRole("list", { name: "Blocked times" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("Mon 28 Dec 2099 09:00 – Fri 1 Jan 2100 17:00 · Holiday");
  await expect(section.getByText("In your time zone, Europe/Berlin.")).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);

  await list.getByRole("button", { name: /^Remove blocked time Mon 28 Dec 2099/ }).click();
  await expect(page.getByText("Blocked time removed.")).toBeVisible();
  await expect(section.getByText("No blocked times.")).toBeVisible();
  await expect(section.getByRole("list", { name: "Blocked times" })).toHaveCount(0);
  noConsoleErrors();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post to the page: errors come back beside their fields with what was typed, and a save lands back there", async ({ page }) => {
    await registerStaff(page);
    await page.goto("/settings");
    const section = availability(page);
    // No script has told the server the browser's zone: UTC until the member chooses.
    await expect(section.getByLabel("Time zone")).toHaveValue("UTC");
    await section.getByLabel("Time zone").fill("Europe/Nowhere");
    await section.getByLabel("Sunday", { exact: true }).check();
    await section.getByLabel("Sunday from").fill("12:00");
    await section.getByLabel("Sunday until").fill("11:00");
    await section.getByRole("button", { name: "Save availability" }).click();
    await expect(section.getByText("Choose a time zone from the list")).toBeVisible();
    await expect(section.getByText("Each day's hours end after they start.")).toBeVisible();
    await expect(section.getByLabel("Time zone")).toHaveValue("Europe/Nowhere");
    await expect(section.getByLabel("Sunday", { exact: true })).toBeChecked();
    await expect(section.getByLabel("Sunday until")).toHaveValue("11:00");

    await section.getByLabel("Time zone").fill("Asia/Tokyo");
    await section.getByLabel("Sunday until").fill("15:00");
    await section.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Availability saved.")).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(section.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    await expect(section.getByLabel("Sunday", { exact: true })).toBeChecked();

    const add = section.getByRole("form", { name: "Add blocked time" });
    await add.getByLabel("From date").fill("2099-06-01");
    await add.getByLabel("From time").fill("13:00");
    await add.getByLabel("Until date").fill("2099-06-01");
    await add.getByLabel("Until time").fill("12:00");
    await add.getByRole("button", { name: "Add blocked time" }).click();
    await expect(add.getByText("A blocked time ends after it starts.")).toBeVisible();
    await expect(add.getByLabel("From time")).toHaveValue("13:00");
    await add.getByLabel("Until time").fill("15:30");
    await add.getByRole("button", { name: "Add blocked time" }).click();
    await expect(page.getByText("Blocked time added.")).toBeVisible();
    await expect(section.getByRole("list", { name: "Blocked times" }).getByRole("listitem")).toContainText("Mon 1 Jun 2099 13:00 – 15:30");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("the availability section fits without sideways scrolling", async ({ page }) => {
    await registerStaff(page);
    await page.goto("/settings");
    const section = availability(page);
    await expect(section.getByLabel("Sunday until")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const label of ["Wednesday until", "Until time", "Time zone"]) {
      const box = (await section.getByLabel(label).boundingBox())!;
      expect(box.x + box.width, `${label} ends on screen`).toBeLessThanOrEqual(375);
    }
  });
});

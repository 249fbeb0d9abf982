import { request as playwrightRequest } from "@playwright/test";
import { parseFeed } from "../helpers/ical";
import { expect, test } from "./accounts-fixtures";
import { accessibilityProblems, failOnConsoleErrors, registerStaff, STAFF_NAMES, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/*
 * Calendar feeds (decision 102): the link made in Settings › Profile is read without a session, as a
 * calendar app reads it, and lists the interview; after a reset the old link answers 404.
 */

test("the calendar link from Settings › Profile lists the member's interview without a session; after a reset the old link answers 404", async ({ page, browser, appUrl }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  const question = "Why this team?";
  const jobId = await postJob(page, "Platform Engineer", question);
  await apply(browser, jobId, { name: "Grace Hopper", email: uniqueEmail("candidate"), question, answer: "Compilers" });

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: /Grace Hopper/ }).first().click();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  // Berlin is on winter time in January: 10:00 there is 09:00 UTC.
  await page.getByText("Schedule interview", { exact: true }).click();
  const form = page.getByRole("form", { name: "Schedule interview" });
  await form.getByLabel("Title").fill("Technical interview");
  await form.getByLabel("Date").fill("2099-01-15");
  await form.getByLabel("Start time").fill("10:00");
  await form.getByLabel("Duration").selectOption("45");
  await form.getByLabel("Time zone").fill("Europe/Berlin");
  await form.getByLabel(STAFF_NAMES.fullName).check();
  await form.getByRole("button", { name: "Schedule and send invitations" }).click();
  await expect(page.getByText("Interview scheduled. Invitations are on their way to the candidate and 1 interviewer.")).toBeVisible();

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Calendar feed" });
  await section.getByRole("button", { name: "Create calendar link: My interviews" }).click();
  const field = section.getByLabel("My interviews: calendar link");
  await expect(field).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(field).toHaveAttribute("readonly", "");
  // An admin (the owner) also gets the company's.
  await expect(section.getByRole("button", { name: "Create calendar link: Company interviews" })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  const path = new URL(await field.inputValue()).pathname;

  // As a calendar app asks: a request context of its own, no cookies.
  const calendarApp = await playwrightRequest.newContext({ baseURL: appUrl });
  const answer = await calendarApp.get(path);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
  const feed = parseFeed(await answer.text());
  expect(feed.method).toBe("PUBLISH");
  expect(feed.events).toHaveLength(1);
  expect(feed.events[0]).toMatchObject({ dtstartText: "20990115T090000Z", summary: "Technical interview: Grace Hopper (Platform Engineer)", status: "CONFIRMED", sequence: 0 });
  expect(feed.events[0]!.uid).toMatch(/^[0-9a-f-]{36}@openhire$/);

  // Reset (confirmed): the old link answers 404 at once, the new one lists the interview.
  await page.goto("/settings");
  await section.getByRole("button", { name: "Reset link: My interviews" }).click();
  await page.getByRole("alertdialog", { name: "Reset the calendar link?" }).getByRole("button", { name: "Reset link" }).click();
  const newPath = new URL(await field.inputValue()).pathname;
  expect(newPath).not.toBe(path);
  expect((await calendarApp.get(path)).status()).toBe(404);
  const renewed = parseFeed(await (await calendarApp.get(newPath)).text());
  expect(renewed.events.map((event) => event.uid)).toEqual([feed.events[0]!.uid]);
  // A token that was never made: the same bare 404.
  expect((await calendarApp.get(`/calendar/${"A".repeat(43)}.ics`)).status()).toBe(404);
  await calendarApp.dispose();
  noConsoleErrors();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the company's calendar link is made and reset with plain forms, the reset confirmed in place", async ({ page, appUrl }) => {
    await registerStaff(page);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Calendar feed" });
    await section.getByRole("button", { name: "Create calendar link: Company interviews" }).click();
    const field = section.getByLabel("Company interviews: calendar link");
    const path = new URL(await field.inputValue()).pathname;
    const calendarApp = await playwrightRequest.newContext({ baseURL: appUrl });
    expect(parseFeed(await (await calendarApp.get(path)).text())).toMatchObject({ method: "PUBLISH", events: [] });

    await page.goto("/settings");
    await section.getByRole("button", { name: "Reset link: Company interviews" }).click();
    await expect(page).toHaveURL(/confirm=reset-company-calendar-link/);
    await page.getByRole("alertdialog", { name: "Reset the calendar link?" }).getByRole("button", { name: "Reset link" }).click();
    expect(new URL(await field.inputValue()).pathname).not.toBe(path);
    // Done: the confirmation is gone, the page's address is the plain one.
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/settings$/);
    expect((await calendarApp.get(path)).status()).toBe(404);
    await calendarApp.dispose();
  });
});

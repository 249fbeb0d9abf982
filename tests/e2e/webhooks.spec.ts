import { expect, test } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { accessibilityProblems, failOnConsoleErrors, registerStaff } from "./helpers";

/** Issue 16: an admin registers a webhook endpoint, tries it with a test event, reads the log, resends, disables and deletes it (decision 113). */

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test("an admin adds an endpoint, sends it a signed test event, sees it in the log, resends it, disables and deletes the endpoint", async ({ page }) => {
  await registerStaff(page);
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("region", { name: "Webhooks" })).toBeVisible();
  await expect(page.getByText("No endpoints yet")).toBeVisible();

  // Nothing chosen: the form says so beside the events and keeps the address.
  await page.getByLabel("Endpoint URL").fill(receiver.url);
  for (const box of await page.getByRole("checkbox").all()) await box.uncheck();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Choose at least one event.")).toBeVisible();
  await expect(page.getByLabel("Endpoint URL")).toHaveValue(receiver.url);
  // From here on (that form's 400 is the browser's console error), nothing goes wrong.
  const noConsoleErrors = await failOnConsoleErrors(page);

  await page.getByLabel("Description (optional)").fill("HRIS sync");
  await page.getByRole("checkbox", { name: /candidate\.hired/ }).check();
  await page.getByRole("checkbox", { name: /application\.created/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Endpoint added. Send it a test event to try it.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/webhooks\/[0-9a-f-]{36}$/);
  // The Webhooks section stays current on an endpoint's page.
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute("aria-current", "page");
  expect(await accessibilityProblems(page)).toEqual([]);

  await page.getByText("Show the signing secret").click();
  const secret = await page.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_/);
  receiver.setSecret(secret);

  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText("Test event queued.")).toBeVisible();
  await expect.poll(() => receiver.received.length).toBe(1);
  expect(receiver.received[0]).toMatchObject({ verified: true, payload: { type: "webhook.test" } });
  // The log shows it once sent (the page is read again until it does).
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Delivered")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByText("HTTP 200")).toBeVisible();

  await page.getByRole("button", { name: /^Resend webhook\.test/ }).click();
  await expect(page.getByText("Delivery queued again.")).toBeVisible();
  await expect.poll(() => receiver.received.length).toBe(2);
  expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);

  await page.getByRole("button", { name: "Disable" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Disable endpoint" }).click();
  await expect(page.getByText("Endpoint disabled.")).toBeVisible();
  await expect(page.getByText("Disabled", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByText("Endpoint enabled.")).toBeVisible();

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page.getByText("Endpoint deleted.")).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByText("No endpoints yet")).toBeVisible();
  noConsoleErrors();
});

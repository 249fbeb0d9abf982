import { expect, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff } from "./helpers";
import { postJob } from "./pipeline-helpers";

// Issue 16's staff API (decision 112): an admin makes a key in Settings › API keys, sees it once,
// calls the API with it from a server (no browser, no cookie), revokes it, and the next call is refused.
test("an admin creates an API key, sees it once, uses it, and revokes it", async ({ page, request }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page);
  await postJob(page, "Api Key Engineer", "Notice period");

  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  const section = page.getByRole("region", { name: "API keys" });
  await expect(section.getByText("No API keys yet.")).toBeVisible();
  await section.getByLabel("Name").fill("HRIS sync");
  await section.getByLabel("Access").selectOption({ label: "Read" });
  await section.getByRole("button", { name: "Create key" }).click();

  const shown = section.getByRole("textbox", { name: "New API key" });
  await expect(shown).toHaveValue(/^oh_live_[A-Za-z0-9_-]{43}$/);
  await expect(section.getByText("it is shown only this once")).toBeVisible();
  await expect(section.getByRole("button", { name: "Copy key" })).toBeVisible();
  const key = await shown.inputValue();
  const list = section.getByRole("list", { name: "API keys" });
  await expect(list).toContainText("HRIS sync");
  await expect(list).toContainText(`${key.slice(0, 12)}…`);
  await expect(list).toContainText("Never used");

  // From a server: the API request context sends no cookie and no Origin.
  const jobs = await request.get("/api/v1/jobs", { headers: { Authorization: `Bearer ${key}` } });
  expect(jobs.status()).toBe(200);
  const body = (await jobs.json()) as { data: { title: string; status: string }[]; next_cursor: string | null };
  expect(body).toEqual({ data: [expect.objectContaining({ title: "Api Key Engineer", status: "published" })], next_cursor: null });
  // A read key may not write.
  const write = await request.post("/api/v1/candidates", { headers: { Authorization: `Bearer ${key}` }, data: { name: "Rae", email: "rae@example.test" } });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ error: { code: "forbidden" } });

  // Shown once: the page again shows its first characters and when it was used, never the key.
  await page.goto("/settings/api-keys");
  await expect(section.getByRole("textbox", { name: "New API key" })).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(key);
  await expect(list).toContainText("Last used");

  await list.getByRole("button", { name: "Revoke the API key HRIS sync" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revoke the API key “HRIS sync”?" });
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("API key revoked.")).toBeVisible();
  await expect(section.getByText("No API keys yet.")).toBeVisible();

  const refused = await request.get("/api/v1/jobs", { headers: { Authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "unauthorized" } });
  noConsoleErrors();
});

test("the OpenAPI document and its reference are public", async ({ page, request }) => {
  const document = await request.get("/api/v1/openapi.json");
  expect(document.status()).toBe(200);
  expect(await document.json()).toMatchObject({ openapi: "3.1.0", paths: { "/api/v1/jobs": { get: { operationId: "listJobs" } } } });
  await page.goto("/documentation#staff-api");
  const reference = page.locator("#staff-api");
  await expect(reference.getByRole("heading", { name: "The staff API" })).toBeVisible();
  await expect(reference).toContainText("POST /api/v1/applications/{id}/move");
  await expect(reference).toContainText("Move an application to a stage · scope write");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a key is made, shown once and revoked with plain forms", async ({ page, request }) => {
    await registerStaff(page);
    await page.goto("/settings/api-keys");
    const section = page.getByRole("region", { name: "API keys" });
    await section.getByRole("button", { name: "Create key" }).click();
    await expect(section.getByText("Give the key a name")).toBeVisible();
    await section.getByLabel("Name").fill("Nightly export");
    await section.getByLabel("Access").selectOption({ label: "Read and write" });
    await section.getByRole("button", { name: "Create key" }).click();
    const key = await section.getByRole("textbox", { name: "New API key" }).inputValue();
    expect(key).toMatch(/^oh_live_/);
    // No Copy button without JavaScript: the field is there to select.
    await expect(section.getByRole("button", { name: "Copy key" })).toHaveCount(0);
    await expect(section.getByRole("list", { name: "API keys" })).toContainText("Read and write");
    expect((await request.get("/api/v1/candidates", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
    // A write key's JSON body passes the server's edge (its body rule and the cross-site guard: a server sends no Origin).
    const added = await request.post("/api/v1/candidates", { headers: { Authorization: `Bearer ${key}` }, data: { name: "Plain Forms Candidate", email: "plain@example.test" } });
    expect(added.status()).toBe(201);
    expect(await added.json()).toMatchObject({ name: "Plain Forms Candidate", source: "added", source_detail: "Nightly export (API)", applications: [] });
    // A browser on another site is refused by the guard before the route.
    const crossSite = await request.post("/api/v1/candidates", {
      headers: { Authorization: `Bearer ${key}`, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      data: { name: "Evil", email: "evil@example.test" },
    });
    expect(crossSite.status()).toBe(403);

    await section.getByRole("button", { name: "Revoke the API key Nightly export" }).click();
    await page.getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByText("API key revoked.")).toBeVisible();
    expect((await request.get("/api/v1/candidates", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(401);
  });
});

// Screenshots of pages at phone and desktop width, for looking at what we built.
// Usage: node scripts/screenshots.mjs <baseURL> <outDir> [--login email:password] path [path …]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [baseURL, outDir, ...rest] = process.argv.slice(2);
let login;
const paths = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--login") login = rest[++i];
  else paths.push(rest[i]);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
for (const [label, width, height] of [["phone", 375, 812], ["desktop", 1280, 900]]) {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  const page = await context.newPage();
  if (login) {
    const [email, password] = login.split(":");
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/dashboard/);
  }
  for (const path of paths) {
    await page.goto(path);
    const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    await page.screenshot({ path: `${outDir}/${name}-${label}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();

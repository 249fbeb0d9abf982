import { chromium } from "@playwright/test";
const [, , base, cookie, dir] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies(cookie.split(";").map((c) => { const [name, ...v] = c.trim().split("="); return { name, value: v.join("="), url: base }; }));
  const page = await context.newPage();
  for (const path of ["/applications", "/candidates", "/manage/jobs"]) {
    await page.goto(base + path);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${dir}/${path.replaceAll("/", "_")}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();

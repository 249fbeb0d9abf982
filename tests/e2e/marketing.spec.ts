import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";

/** Every public marketing page and what proves it rendered its content. */
const PAGES: { path: string; heading: string | RegExp; texts: (string | RegExp)[] }[] = [
  { path: "/", heading: "Free forever ATS + AI", texts: ["Complete hiring solutions", "A better way to hire", "Trusted by leading companies", "1,000+", "50,000+", "75%"] },
  { path: "/platform", heading: "One platform for your entire hiring process", texts: ["Custom application forms", "Hiring pipelines"] },
  { path: "/solutions", heading: "Hiring that fits your organisation", texts: ["Enterprise", "Small Business", "Education", "Global Teams", "Free forever plan with unlimited active jobs"] },
  { path: "/resources", heading: "Everything you need to hire well", texts: ["Guides", "Templates", "Webinars", "Email address"] },
  { path: "/pricing", heading: "Simple pricing. Free forever at its core.", texts: ["$0", "$99", "$299", "Custom", "Most popular", "Frequently asked questions"] },
  { path: "/about", heading: "We believe great hiring should be open to everyone", texts: ["Innovation First", "Customer Success", "Diversity & Inclusion", "Social Impact", "Sarah Chen"] },
  { path: "/blog", heading: "Insights for modern hiring teams", texts: ["How AI Is Changing Recruitment in 2025", "5 min read", "4 min read", "6 min read", "Subscribe to our newsletter"] },
  { path: "/blog/2", heading: "Building Inclusive Hiring Practices", texts: ["Marcus Johnson", "March 12, 2025", "4 min read"] },
  { path: "/careers", heading: "Help us make great hiring free for everyone", texts: ["Competitive salary", "Senior Software Engineer", "Product Manager", "Customer Success Manager"] },
  { path: "/careers/2", heading: "Product Manager", texts: ["San Francisco", "Full-time", "About the role", "What you will do", "What we are looking for", "How to apply"] },
  { path: "/integrations", heading: "Works with the tools you already run", texts: ["Any SMTP server", "SMTP_URL", "DATABASE_URL", "Authenticator apps", "Google for Jobs and search engines", "BOOKING_URL", "/api/health"] },
  { path: "/documentation", heading: "Learn how to use OpenHire", texts: ["Getting Started", "API Reference", "CLI Tools", "How matching works", "How structured hiring works"] },
  { path: "/guides", heading: "Guides and best practices", texts: ["Getting Started", "Best Practices", "10 min watch", "12 min read"] },
  { path: "/api", heading: "OpenHire API Status", texts: ["Database", "Authentication", "Search Service", "Email Delivery", /Updated/] },
  { path: "/privacy", heading: "Privacy Policy", texts: ["Last updated: March 20, 2025", "Data protection officer"] },
  { path: "/terms", heading: "Terms of Service", texts: ["Last updated: March 20, 2025", "Important notice"] },
];

async function expectLayout(page: Page) {
  await expect(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "API Status" })).toBeVisible();
  await expect(page.getByText("© 2025 OpenHire. All rights reserved.")).toBeVisible();
}

for (const { path, heading, texts } of PAGES) {
  test(`${path} renders its content in the marketing layout without console errors`, async ({ page }) => {
    const noConsoleErrors = await failOnConsoleErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
    await expectLayout(page);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path === "/" ? "/" : path}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    noConsoleErrors();
  });
}

// One test a page (19 scans in one test ran past two minutes on a slow 2-core machine beside the
// other workers; each page now has the whole test timeout, and the workers share them).
for (const path of [...PAGES.map((p) => p.path), "/blog/99", "/careers/99", "/customers"]) {
  test(`${path} passes an axe scan with no serious or critical violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}

test("the navigation: demo links open the booking calendar in a new tab, Sign in and Learn more go to their pages", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  const demo = header.getByRole("link", { name: /Schedule a Demo/ });
  await expect(demo).toHaveAttribute("target", "_blank");
  const bookingUrl = await demo.getAttribute("href");
  expect(bookingUrl).toMatch(/^https:\/\//);
  await expect(page.getByRole("main").getByRole("link", { name: /Schedule a Demo/ }).first()).toHaveAttribute("href", bookingUrl!);
  await expect(page.getByRole("link", { name: /Register for the live demo/ })).toHaveAttribute("href", bookingUrl!);
  await page.getByRole("link", { name: /Learn more/ }).click();
  await expect(page).toHaveURL(/\/platform$/);
  await header.getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Simple pricing/ })).toBeVisible();
  for (const [name, label] of [
    ["Get Started Free", "Free"],
    ["Start free trial", "Starter"],
    ["Contact sales", "Enterprise"],
  ]) {
    const button = page.getByRole("link", { name: `${name} with the ${label} plan (opens in a new tab)` });
    await expect(button).toHaveAttribute("href", bookingUrl!);
    await expect(button).toHaveAttribute("target", "_blank");
  }
  await header.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu opens, navigates and closes", async ({ page }) => {
    const noConsoleErrors = await failOnConsoleErrors(page);
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav).toBeHidden();
    await page.getByLabel("Menu").click();
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByRole("link", { name: "Solutions" }).click();
    await expect(page).toHaveURL(/\/solutions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hiring that fits your organisation" })).toBeVisible();
    await expect(mobileNav).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    noConsoleErrors();
  });
});

test("the blog: featured post first, Read more opens the post, Back to blog returns", async ({ page }) => {
  await page.goto("/blog");
  const articles = page.getByRole("article");
  await expect(articles).toHaveCount(3);
  await expect(articles.first()).toContainText("Featured");
  await page.getByRole("link", { name: "Read more about Remote Hiring Strategies That Work" }).click();
  await expect(page).toHaveURL(/\/blog\/3$/);
  await expect(page.getByRole("heading", { level: 1, name: "Remote Hiring Strategies That Work" })).toBeVisible();
  await expect(page.getByText("Emily Rodriguez")).toBeVisible();
  await expect(page.getByRole("img", { name: /world map/ })).toBeVisible();
  expect(await page.locator("article p").count()).toBeGreaterThan(5);
  await page.getByRole("link", { name: "Back to blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("an unknown blog post answers 404 with Post not found", async ({ page }) => {
  for (const path of ["/blog/99", "/blog/abc"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to blog" })).toBeVisible();
  }
});

test("pages without screens answer 404 inside the marketing layout", async ({ page }) => {
  for (const path of ["/customers", "/case-studies", "/no/such/page"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectLayout(page);
  }
});

test("an unknown careers position answers 404 with Position not found, inside the marketing layout", async ({ page }) => {
  for (const path of ["/careers/99", "/careers/abc", "/careers/01"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1, name: "Position not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectLayout(page);
  }
  await page.getByRole("link", { name: "All open positions" }).click();
  await expect(page).toHaveURL(/\/careers$/);
});

test("the careers page links Apply now to each position's page, which offers to apply by email", async ({ page }) => {
  await page.goto("/careers");
  await expect(page.getByRole("link", { name: "Apply now for Senior Software Engineer" })).toHaveAttribute("href", "/careers/1");
  await expect(page.getByRole("link", { name: "Apply now for Customer Success Manager" })).toHaveAttribute("href", "/careers/3");
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", /^mailto:/);
  await page.getByRole("link", { name: "Apply now for Product Manager" }).click();
  await expect(page).toHaveURL(/\/careers\/2$/);
  await expect(page.getByRole("heading", { level: 1, name: "Product Manager" })).toBeVisible();
  const apply = page.getByRole("link", { name: "Apply by email for Product Manager" });
  await expect(apply).toHaveCount(2);
  await expect(apply.first()).toHaveAttribute("href", "mailto:careers@openhire.dev?subject=Application%3A%20Product%20Manager");
  await page.getByRole("link", { name: "All open positions" }).click();
  await expect(page).toHaveURL(/\/careers$/);
  await page.goto("/about");
  await page.getByRole("link", { name: "Join our team" }).click();
  await expect(page).toHaveURL(/\/careers$/);
});

test("the status page measures the services live and never caches", async ({ page, request }) => {
  const response = await page.goto("/api");
  expect(response?.headers()["cache-control"]).toBe("no-store");
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(6);
  await expect(page.getByTestId("status-headline")).toHaveText(/^(All Systems Operational|Some Systems Degraded|Partial System Outage)$/);
  const databaseRow = page.getByRole("row", { name: /Database/ });
  await expect(databaseRow.getByText(/^(Operational|Degraded)$/)).toBeVisible();
  await expect(databaseRow.getByText(/^\d+(\.\d)?ms$/)).toBeVisible();
  const checked = await page.locator("time").getAttribute("datetime");
  expect(Math.abs(Date.now() - Date.parse(checked!))).toBeLessThan(60_000);
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });
});

test("static pages are served with cache headers", async ({ request }) => {
  for (const path of ["/pricing", "/integrations", "/careers/1"]) {
    const response = await request.get(path);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=300, s-maxage=3600, stale-while-revalidate=86400");
  }
});

test("the footer links only to pages we have; Integrations opens the integrations page", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("navigation", { name: "Footer" });
  await expect(footer.getByRole("link")).toHaveCount(11);
  await expect(footer.getByRole("link", { name: "Customers" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Case Studies" })).toHaveCount(0);
  await footer.getByRole("link", { name: "Integrations" }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Works with the tools you already run" })).toBeVisible();
  await page.getByRole("link", { name: "See the status page" }).click();
  await expect(page).toHaveURL(/\/api$/);
});

test("the landing page's claims about matching, scorecards, scheduling and analytics link to how they work", async ({ page }) => {
  for (const [link, section, heading] of [
    [/How matching works/, "matching", "How matching works"],
    [/How scorecards work/, "structured-hiring", "How structured hiring works"],
    [/How scheduling works/, "scheduling", "How interview scheduling works"],
    [/How reports work/, "reports", "How reports work"],
  ] as const) {
    await page.goto("/");
    await page.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`/documentation#${section}$`));
    await expect(page.locator(`#${section}`).getByRole("heading", { name: heading })).toBeVisible();
  }
});

test("every internal link of every marketing page leads to a page that exists", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const sources = [...PAGES.map((p) => p.path), "/careers/1", "/careers/3", "/blog/1", "/blog/3", "/blog/99", "/careers/99", "/no/such/page"];
  const targets = new Map<string, string>();
  for (const source of sources) {
    await page.goto(source);
    // Links within the page ("#main") are not addresses of pages.
    const hrefs = await page.locator('a[href]:not([href^="#"])').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const target = `${url.pathname}${url.search}`;
      if (!targets.has(target)) targets.set(target, source);
    }
  }
  // The footer and the Apply now links are among them.
  expect([...targets.keys()]).toEqual(expect.arrayContaining(["/integrations", "/careers/1", "/careers/2", "/careers/3", "/privacy", "/jobs", "/register"]));
  const broken: string[] = [];
  for (const [target, source] of targets) {
    const response = await request.get(target, { maxRedirects: 0 });
    if (response.status() >= 400) broken.push(`${target} (linked from ${source}): ${response.status()}`);
  }
  expect(broken).toEqual([]);
});

test("robots.txt points to sitemap.xml, an index of the pages' and the jobs' sitemaps", async ({ page, request, baseURL }) => {
  // A published job of this test's own, so the jobs' sitemap has one whatever else has run.
  await registerStaff(page);
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title").fill(`Sitemap Cartographer ${Date.now()}`);
  await page.getByLabel("Description", { exact: true }).fill("Draw the map of every page.");
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await request.get("/sitemap.xml");
  expect(index.headers()["content-type"]).toMatch(/xml/);
  const indexXml = await index.text();
  expect(indexXml).toContain(`<sitemap><loc>${baseURL}/sitemap-pages.xml</loc></sitemap>`);
  expect(indexXml).toContain(`<sitemap><loc>${baseURL}/sitemap-jobs.xml?page=1</loc></sitemap>`);
  const pages = await (await request.get("/sitemap-pages.xml")).text();
  for (const path of ["/pricing", "/blog", "/privacy", "/terms", "/integrations", "/careers/1", "/careers/2", "/careers/3"]) expect(pages).toContain(`<loc>${baseURL}${path}</loc>`);
  const jobs = await request.get("/sitemap-jobs.xml?page=1");
  expect(jobs.headers()["content-type"]).toMatch(/xml/);
  expect(await jobs.text()).toMatch(new RegExp(`<loc>${baseURL}/jobs/[0-9a-f-]{36}/[a-z0-9-]+</loc><lastmod>`));
  expect((await request.get("/sitemap-jobs.xml?page=999")).status()).toBe(404);
});

test("the blog newsletter form checks the email, subscribes, and recognises a repeat", async ({ page }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const email = uniqueEmail("reader");
  await page.goto("/blog");
  const input = page.getByLabel("Email address");
  await input.fill("not-an-email");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please enter a valid email address, like name@company.com")).toBeVisible();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await input.fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Thanks for subscribing!")).toBeVisible();
  await expect(page.getByText(`We'll send the next issue to ${email}.`)).toBeVisible();

  await page.goto("/blog");
  await page.getByLabel("Email address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("You're already subscribed.")).toBeVisible();
  noConsoleErrors();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the resources newsletter form posts to the server, which answers the message and the confirmation", async ({ page }) => {
    await page.goto("/resources");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email address").fill(uniqueEmail("nojs"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Thanks for subscribing!")).toBeVisible();
  });

  test("the mobile menu still opens", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await page.getByLabel("Menu").click();
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing" })).toBeVisible();
  });
});

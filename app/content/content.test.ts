import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { CAREERS_EMAIL, findPosition, PERKS, positionApplyHref, positionPath, POSITIONS, TEAM, VALUES } from "./company";
import { INTEGRATIONS } from "./integrations";
import { jobTypeLabel } from "~/lib/job-labels";
import { SOLUTIONS } from "./features";
import { DOC_CARDS, GUIDE_CATEGORIES } from "./learning";
import { LEGAL_LAST_UPDATED, PRIVACY_POLICY, TERMS_OF_SERVICE } from "./legal";
import { planButtonLabel, planPriceLabel, PLANS, PRICING_FAQ } from "./plans";
import { formatContentDate } from "./format";
import { findPost, POSTS, postParagraphs } from "./posts";
import { COPYRIGHT_YEAR, FIGURES, FOOTER_COLUMNS, JOBS_LINK, MAIN_NAV, PUBLIC_PAGES } from "./site";

describe("site content", () => {
  it("the navigation and footer carry every link of the spec to a page we have", () => {
    expect(MAIN_NAV.map((link) => link.label)).toEqual(["Platform", "Solutions", "Resources", "Pricing"]);
    // Issue 16: the header also leads candidates to the job board.
    expect(JOBS_LINK).toEqual({ label: "Find jobs", to: "/jobs" });
    const footer = FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.to));
    expect(footer.toSorted()).toEqual(
      ["/platform", "/integrations", "/pricing", "/documentation", "/guides", "/api", "/about", "/blog", "/careers", "/privacy", "/terms"].toSorted(),
    );
    // Product decision 9: no link to a page without true content.
    expect(footer).not.toContain("/customers");
    expect(footer).not.toContain("/case-studies");
    const publicPages = PUBLIC_PAGES.map((page) => page.path);
    for (const path of footer) expect(publicPages).toContain(path);
    expect(FOOTER_COLUMNS.flatMap((column) => column.links).find((link) => link.to === "/api")?.label).toBe("API Status");
    expect(COPYRIGHT_YEAR).toBe(2025);
    expect(FIGURES.map((figure) => figure.value)).toEqual(["1,000+", "50,000+", "75%"]);
  });
});

describe("blog posts", () => {
  it("three posts with read times 5, 4 and 6 minutes, found by numeric id only", () => {
    expect(POSTS.map((post) => post.readTime)).toEqual([5, 4, 6]);
    expect(findPost("2")?.title).toBe("Building Inclusive Hiring Practices");
    expect(findPost(3)?.id).toBe(3);
    for (const id of ["4", "0", "1abc", "", "-1", "1.0"]) expect(findPost(id)).toBeUndefined();
  });

  it("splits content into paragraphs at blank lines", () => {
    expect(postParagraphs({ content: "One.\n\nTwo\nstill two.\n \nThree." })).toEqual(["One.", "Two\nstill two.", "Three."]);
    for (const post of POSTS) expect(postParagraphs(post).length).toBeGreaterThan(3);
  });

  it("dates are formatted the same everywhere", () => {
    expect(formatContentDate("2025-03-20")).toBe("March 20, 2025");
  });

  it("images are local and sized", () => {
    for (const post of POSTS) {
      expect(post.image.src).toMatch(/^\/images\//);
      expect(post.image.width).toBeGreaterThan(0);
      expect(post.image.height).toBeGreaterThan(0);
    }
  });
});

describe("pricing", () => {
  it("four plans at 0, 99, 299 and custom, Professional featured", () => {
    expect(PLANS.map((plan) => [plan.name, plan.price])).toEqual([
      ["Free", 0],
      ["Starter", 99],
      ["Professional", 299],
      ["Enterprise", null],
    ]);
    expect(PLANS.filter((plan) => plan.featured).map((plan) => plan.name)).toEqual(["Professional"]);
    expect(PLANS.map(planPriceLabel)).toEqual(["$0", "$99", "$299", "Custom"]);
  });

  it("spec's button rules: Get Started Free for 0, Contact sales for custom, Start free trial otherwise", () => {
    expect(PLANS.map(planButtonLabel)).toEqual(["Get Started Free", "Start free trial", "Start free trial", "Contact sales"]);
  });

  it("the FAQ covers the free plan, promotions, plan changes and non-profit discounts", () => {
    const text = PRICING_FAQ.map((item) => `${item.question} ${item.answer}`).join(" ");
    for (const phrase of ["Free plan", "featured placement", "social promotion", "job alert emails", "Upgrades take effect immediately", "next billing cycle", "Non-profit"]) {
      expect(text).toContain(phrase);
    }
  });
});

describe("company, learning and legal content", () => {
  it("about: four values and a team of three", () => {
    expect(VALUES.map((value) => value.title)).toEqual(["Innovation First", "Customer Success", "Diversity & Inclusion", "Social Impact"]);
    expect(TEAM).toHaveLength(3);
    for (const member of TEAM) expect(member.role).not.toBe("");
  });

  it("careers: four perks and three full-time positions", () => {
    expect(PERKS.map((perk) => perk.title)).toEqual(["Competitive salary", "Health and wellness", "Learning and development", "Work-life balance"]);
    expect(POSITIONS.map((position) => [position.title, position.department, position.location, jobTypeLabel(position.type)])).toEqual([
      ["Senior Software Engineer", "Engineering", "Remote", "Full-time"],
      ["Product Manager", "Product", "San Francisco", "Full-time"],
      ["Customer Success Manager", "Customer Success", "New York", "Full-time"],
    ]);
  });

  it("careers: each position has its page at /careers/{id}, listed in the sitemap, with a way to apply", () => {
    expect(POSITIONS.map(positionPath)).toEqual(["/careers/1", "/careers/2", "/careers/3"]);
    const publicPages = PUBLIC_PAGES.map((page) => page.path);
    for (const position of POSITIONS) {
      expect(publicPages).toContain(positionPath(position));
      expect(findPosition(String(position.id))).toBe(position);
      expect(position.summary).not.toBe("");
      expect(position.description.length).toBeGreaterThan(0);
      expect(position.responsibilities.length).toBeGreaterThan(2);
      expect(position.requirements.length).toBeGreaterThan(2);
    }
    for (const id of ["4", "0", "01", "1.0", "1abc", "", "-1", undefined]) expect(findPosition(id)).toBeUndefined();
    expect(positionApplyHref(POSITIONS[1]!)).toBe(`mailto:${CAREERS_EMAIL}?subject=Application%3A%20Product%20Manager`);
  });

  it("integrations: what the product connects to today, each set up with documented settings", () => {
    expect(INTEGRATIONS.map((integration) => integration.name)).toEqual([
      "Any SMTP server",
      "PostgreSQL",
      "Embedded database",
      "Authenticator apps",
      "Google for Jobs and search engines",
      "Booking calendars",
      "Webhooks",
      "Load balancers and uptime monitors",
      "Reverse proxies and CDNs",
    ]);
    // Every setting the page names is a variable of the README's configuration table.
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const settings = INTEGRATIONS.flatMap((integration) => integration.setup.settings ?? []);
    expect(settings).toContain("SMTP_URL");
    for (const setting of settings) expect(readme).toContain(`| \`${setting}\` |`);
    for (const integration of INTEGRATIONS) expect(integration.description.length).toBeGreaterThan(60);
    expect(PUBLIC_PAGES.map((page) => page.path)).toContain("/integrations");
  });

  it("solutions, documentation and guides have the spec's shape", () => {
    expect(SOLUTIONS.map((solution) => solution.title)).toEqual(["Enterprise", "Small Business", "Education", "Global Teams"]);
    for (const solution of SOLUTIONS) expect(solution.features.length).toBeGreaterThan(2);
    expect(DOC_CARDS.map((card) => card.title)).toEqual(["Getting Started", "API Reference", "Guides", "CLI Tools"]);
    for (const card of DOC_CARDS) expect(card.links).toHaveLength(3);
    expect(GUIDE_CATEGORIES.map((category) => category.title)).toEqual(["Getting Started", "Best Practices"]);
    const items = GUIDE_CATEGORIES.flatMap((category) => category.items);
    expect(items.map((item) => item.readTime)).toEqual([5, 10, 8, 12]);
    for (const item of items) expect(["Article", "Video", "Guide"]).toContain(item.type);
  });

  it("legal pages are dated March 20, 2025 and cover the spec's topics", () => {
    expect(LEGAL_LAST_UPDATED).toBe("March 20, 2025");
    expect(PRIVACY_POLICY.sections.map((section) => section.heading)).toEqual(
      expect.arrayContaining(["Information we collect", "How we use information", "Information sharing", "Your rights", "Data protection officer"]),
    );
    expect(TERMS_OF_SERVICE.sections.map((section) => section.heading)).toEqual(
      expect.arrayContaining(["Acceptance of terms", "Use license", "User responsibilities", "Disclaimer"]),
    );
    expect(TERMS_OF_SERVICE.notice?.heading).toBe("Important notice");
  });
});

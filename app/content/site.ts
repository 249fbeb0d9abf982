/** Site-wide marketing content: navigation, footer, figures and the webinar banner. */

export const SITE_NAME = "OpenHire";
export const COPYRIGHT_YEAR = 2025;

export interface NavLinkItem {
  label: string;
  to: string;
}

/** The main navigation of the marketing layout (spec section 2). */
export const MAIN_NAV: NavLinkItem[] = [
  { label: "Platform", to: "/platform" },
  { label: "Solutions", to: "/solutions" },
  { label: "Resources", to: "/resources" },
  { label: "Pricing", to: "/pricing" },
];

/**
 * The public job board, linked beside Sign in (issue 16): candidates arrive here too. Kept out of
 * MAIN_NAV, which is the spec's four product pages.
 */
export const JOBS_LINK: NavLinkItem = { label: "Find jobs", to: "/jobs" };

export interface FooterColumn {
  title: string;
  links: NavLinkItem[];
}

/**
 * The footer links the spec names, grouped as a product site groups them, except /customers and
 * /case-studies: we have no true content for them yet, and our links never lead to a 404 (product decision 9).
 */
export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: "Product",
    links: [
      { label: "Platform", to: "/platform" },
      { label: "Integrations", to: "/integrations" },
      { label: "Pricing", to: "/pricing" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Documentation", to: "/documentation" },
      { label: "Guides", to: "/guides" },
      { label: "API Status", to: "/api" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Blog", to: "/blog" },
      { label: "Careers", to: "/careers" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy", to: "/privacy" },
      { label: "Terms", to: "/terms" },
    ],
  },
];

export interface Figure {
  value: string;
  label: string;
}

/** Spec sections 1 and 9: the marketing figures, verbatim. */
export const FIGURES: Figure[] = [
  { value: "1,000+", label: "Companies hiring with OpenHire" },
  { value: "50,000+", label: "Hires made through our pipelines" },
  { value: "75%", label: "Time saved on every hire" },
];

export const WEBINAR_BANNER = {
  title: "Live demo webinar every Thursday",
  detail: "see a full hiring pipeline built in 20 minutes.",
  cta: "Register for the live demo",
};

/** Public pages listed in sitemap.xml, with how often they change (the careers positions are checked against company.ts). */
export const PUBLIC_PAGES: { path: string; changefreq: "weekly" | "monthly" | "yearly" }[] = [
  { path: "/", changefreq: "weekly" },
  { path: "/platform", changefreq: "monthly" },
  { path: "/solutions", changefreq: "monthly" },
  { path: "/resources", changefreq: "weekly" },
  { path: "/pricing", changefreq: "monthly" },
  { path: "/about", changefreq: "monthly" },
  { path: "/blog", changefreq: "weekly" },
  { path: "/careers", changefreq: "weekly" },
  { path: "/careers/1", changefreq: "monthly" },
  { path: "/careers/2", changefreq: "monthly" },
  { path: "/careers/3", changefreq: "monthly" },
  { path: "/integrations", changefreq: "monthly" },
  { path: "/documentation", changefreq: "monthly" },
  { path: "/guides", changefreq: "monthly" },
  { path: "/api", changefreq: "weekly" },
  { path: "/privacy", changefreq: "yearly" },
  { path: "/terms", changefreq: "yearly" },
  { path: "/jobs", changefreq: "weekly" },
];

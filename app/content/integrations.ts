/**
 * /integrations: what OpenHire connects to today, each with what it does and where it is set up.
 * Every entry is something the code does now (see the README's configuration table); plans are not
 * listed here (product decision 15).
 */
import type { IconName } from "./icons";

export interface Integration {
  icon: IconName;
  /** The kind of integration, shown above the name. */
  category: string;
  name: string;
  /** What it does for a hiring team. */
  description: string;
  /** Where it is configured: environment variables in `code`, or a place in the product. */
  setup: { text: string; settings?: string[] };
  /** A page of ours where it can be seen working. */
  link?: { label: string; to: string };
}

export const INTEGRATIONS: Integration[] = [
  {
    icon: "mail",
    category: "Email",
    name: "Any SMTP server",
    description:
      "Application confirmations, new-application notifications, the emails your team sends from templates, sign-in codes and password resets go out through your own mail server or any provider that offers SMTP. A failed delivery is tried again several times before it is marked failed.",
    setup: {
      text: "Set the server's address and the sender. Without a server, emails are written to the server log.",
      settings: ["SMTP_URL", "MAIL_FROM"],
    },
  },
  {
    icon: "layers",
    category: "Database",
    name: "PostgreSQL",
    description:
      "Run on your own PostgreSQL server for production and for several app servers behind a load balancer. Jobs, applications and search all live in it; the job board's full-text search uses PostgreSQL's own indexes.",
    setup: { text: "Point OpenHire at the server; the same migrations set it up.", settings: ["DATABASE_URL", "DATABASE_POOL_SIZE"] },
  },
  {
    icon: "layers",
    category: "Database",
    name: "Embedded database",
    description:
      "With no database server at all, OpenHire keeps its data in an embedded PostgreSQL (PGlite) in a local directory, so a single server starts with one command.",
    setup: { text: "The default. Choose where its data is kept.", settings: ["PGLITE_DIR"] },
  },
  {
    icon: "shield",
    category: "Security",
    name: "Authenticator apps",
    description:
      "Two-factor sign-in with any app that supports time-based one-time codes (TOTP), such as Google Authenticator, Microsoft Authenticator or a password manager, with recovery codes for a lost phone.",
    setup: { text: "Each user turns it on in Settings by scanning a QR code or typing the key." },
  },
  {
    icon: "search",
    category: "Search engines",
    name: "Google for Jobs and search engines",
    description:
      "Every published job page carries schema.org JobPosting data (title, company, location, type, salary, remote work), which Google's job search reads. A sitemap lists every public page and published job, and robots.txt points crawlers to it.",
    setup: { text: "Nothing to switch on; set your public address so the links in the sitemap are yours.", settings: ["BASE_URL"] },
    link: { label: "See the job board", to: "/jobs" },
  },
  {
    icon: "calendar",
    category: "Scheduling",
    name: "Booking calendars",
    description:
      "The Schedule a Demo buttons, the plan buttons and the webinar banner open your booking page on any scheduling service, such as Cal.com or Calendly.",
    setup: { text: "Set the booking page's address (Cal.com by default).", settings: ["BOOKING_URL"] },
  },
  {
    icon: "code",
    category: "Developers",
    name: "Webhooks",
    description:
      "Your own systems hear about applications, stage changes, hires, interviews and jobs as they happen: each event is POSTed to your endpoints as JSON, signed as the Standard Webhooks specification says, retried when your server does not answer, and listed in a delivery log you can resend from for 30 days.",
    setup: { text: "Admins add endpoints and choose their events in Settings › Webhooks." },
    link: { label: "How webhooks work", to: "/documentation#webhooks" },
  },
  {
    icon: "chart",
    category: "Operations",
    name: "Load balancers and uptime monitors",
    description:
      "GET /api/health answers JSON with status 200 while the database answers and 503 when it does not, for health checks and monitors. The status page shows live measurements of each service.",
    setup: { text: "Point your load balancer's or monitor's health check at /api/health." },
    link: { label: "See the status page", to: "/api" },
  },
  {
    icon: "globe",
    category: "Operations",
    name: "Reverse proxies and CDNs",
    description:
      "Run behind nginx, Caddy or a cloud load balancer: OpenHire believes the client address a proxy forwards only from the proxies you trust, and its public pages carry cache headers a CDN can keep.",
    setup: { text: "Say which proxies to trust.", settings: ["TRUST_PROXY"] },
  },
];

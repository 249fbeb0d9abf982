/** Feature copy for the landing and platform pages. Icons name entries of content/icons.ts. */
import type { IconName } from "./icons";

export interface Feature {
  icon: IconName;
  title: string;
  description: string;
  /** A page of ours that shows or explains the feature. */
  more?: { label: string; to: string };
}

/** Landing page, "Complete hiring solutions": what spec section 1 says the product does. */
export const HIRING_SOLUTIONS: Feature[] = [
  {
    icon: "search",
    title: "Talent sourcing",
    description:
      "Publish to your own branded job board in one click and collect every applicant in one place, with the custom questions each role needs.",
  },
  {
    icon: "calendar",
    title: "Interviewing",
    description:
      "Schedule interviews, gather written feedback from every interviewer and evaluate candidates against the same scorecard.",
    more: { label: "How scorecards work", to: "/documentation#structured-hiring" },
  },
  {
    icon: "chart",
    title: "Analytics",
    description:
      "See stage conversion, source quality, time to hire, time in each stage and who is stuck, so you know where your pipeline slows down.",
    more: { label: "How reports work", to: "/documentation#reports" },
  },
  {
    icon: "sparkles",
    title: "Smart candidate matching",
    description:
      "Every application is read against the job's requirements and the strongest matches come first, with the requirements each one matched and missed shown.",
    more: { label: "How matching works", to: "/documentation#matching" },
  },
  {
    icon: "clock",
    title: "Automated scheduling",
    description:
      "Candidates pick a slot that suits every interviewer's calendar. No more email ping-pong to find thirty free minutes.",
    more: { label: "How scheduling works", to: "/documentation#scheduling" },
  },
  {
    icon: "layers",
    title: "Structured hiring",
    description:
      "Define the stages of each role up front (Applied, Screening, Interviews, Offer) so every candidate gets the same fair process.",
  },
];

/** Landing page, "A better way to hire": before and after. */
export const BETTER_WAY = {
  title: "A better way to hire",
  lead: "Spreadsheets, inbox folders and sticky notes lose good candidates. OpenHire keeps every applicant, every conversation and every decision in one pipeline your whole team can see.",
  points: [
    "One board per job: drag a candidate to the next stage and everyone sees it at once.",
    "Custom application forms per role, so you ask the questions that actually matter.",
    "Email templates for every stage, from the first reply to the offer letter.",
    "Free for unlimited jobs and users. Pay only when you want to promote a job.",
  ],
};

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TRUSTED_BY = {
  companies: ["Northwind", "Lumen Health", "Brightpath", "Kestrel Labs", "Atlas Freight", "Meridian Schools"],
  testimonials: [
    {
      quote:
        "We moved twelve open roles from spreadsheets to OpenHire in an afternoon. Our hiring managers finally know where every candidate stands.",
      name: "Priya Raman",
      role: "Head of Talent, Kestrel Labs",
    },
    {
      quote:
        "Structured stages and shared feedback cut our time-to-offer from six weeks to under three, without paying for another seat.",
      name: "Daniel Okafor",
      role: "People Operations Lead, Atlas Freight",
    },
  ] satisfies Testimonial[],
};

export interface PlatformModule {
  icon: IconName;
  title: string;
  description: string;
  points: string[];
}

/** /platform: the product, module by module. */
export const PLATFORM_MODULES: PlatformModule[] = [
  {
    icon: "briefcase",
    title: "Jobs and job board",
    description: "Write a job once and publish it to a fast, searchable careers page that candidates can apply from on any device.",
    points: [
      "Salary range, location and remote details on every posting",
      "Full-time, part-time, contract and internship roles",
      "Shareable, search-friendly job addresses",
    ],
  },
  {
    icon: "form",
    title: "Custom application forms",
    description: "Add the questions each role needs: short and long answers, choices, checkboxes and required fields.",
    points: ["Text, long text, select, checkbox and radio fields", "Required fields validated before submission", "Resume link and cover letter built in"],
  },
  {
    icon: "layers",
    title: "Hiring pipelines",
    description: "Every job starts with a proven pipeline, from Applied to Hired, and you can add or remove stages to fit the role.",
    points: ["Drag and drop candidates between stages", "Candidate counts per stage at a glance", "A full history of every move"],
  },
  {
    icon: "users",
    title: "Team collaboration",
    description: "Invite hiring managers and interviewers so decisions are made together, on the same information.",
    points: ["Shared candidate profiles and notes", "Recent activity across all jobs", "Company-wide email templates"],
  },
  {
    icon: "sparkles",
    title: "AI assistance",
    description: "Let AI do the first read of every application and suggest who to talk to first, while people make the decisions.",
    points: ["Match scores explained against the requirements", "Suggested interview questions per role", "Bias-aware, structured summaries"],
  },
  {
    icon: "shield",
    title: "Security and privacy",
    description: "Candidate data is personal data. OpenHire treats it that way, from encrypted connections to strict company separation.",
    points: ["Every company's data kept strictly apart", "Secure, revocable sessions on every device", "Open source: audit the code yourself"],
  },
];

export interface Solution {
  id: string;
  icon: IconName;
  title: string;
  description: string;
  features: string[];
}

/** /solutions: the four audiences of the spec, each with a feature list. */
export const SOLUTIONS: Solution[] = [
  {
    id: "enterprise",
    icon: "building",
    title: "Enterprise",
    description: "Hiring at scale across departments, regions and brands, with the control your security team expects.",
    features: [
      "Unlimited jobs, users and pipelines",
      "Advanced permissions by team and role",
      "Single sign-on and enterprise security reviews",
      "Custom branding for every careers page",
      "Dedicated account manager and SLA guarantees",
    ],
  },
  {
    id: "small-business",
    icon: "store",
    title: "Small Business",
    description: "Everything a growing team needs to hire well, free for good, and set up before your next coffee.",
    features: [
      "Free forever plan with unlimited active jobs",
      "Ready-made pipeline and email templates",
      "Careers page live in minutes",
      "Interview scheduling without back-and-forth",
      "Pay only to promote the roles that matter",
    ],
  },
  {
    id: "education",
    icon: "academic",
    title: "Education",
    description: "Schools, colleges and universities hiring faculty, staff and student workers on academic calendars.",
    features: [
      "Seasonal hiring campaigns for each term",
      "Committee reviews with shared scorecards",
      "Application forms for teaching statements and references",
      "Non-profit and public-sector discounts",
      "Accessible application experience for every candidate",
    ],
  },
  {
    id: "global-teams",
    icon: "globe",
    title: "Global Teams",
    description: "Distributed companies hiring across time zones, currencies and remote policies.",
    features: [
      "Remote, hybrid and office roles side by side",
      "Salaries in any currency and pay period",
      "Dates and times in each reviewer's own time zone",
      "Asynchronous feedback for interviewers anywhere",
      "Compliant data handling across regions",
    ],
  },
];

/** Resources, guides and documentation content. */
import type { IconName } from "./icons";

export type GuideType = "Article" | "Video" | "Guide";

export interface GuideItem {
  title: string;
  description: string;
  type: GuideType;
  /** Minutes. */
  readTime: number;
}

export interface GuideCategory {
  title: string;
  items: GuideItem[];
}

/** Spec: /guides has the categories Getting Started and Best Practices with four items (5, 10, 8, 12 minutes). */
export const GUIDE_CATEGORIES: GuideCategory[] = [
  {
    title: "Getting Started",
    items: [
      {
        title: "Post your first job",
        description: "Create a job with salary and remote details, add custom questions and publish it to your job board.",
        type: "Article",
        readTime: 5,
      },
      {
        title: "Set up your hiring pipeline",
        description: "Walk through the default stages, add your own and move your first candidates across the board.",
        type: "Video",
        readTime: 10,
      },
    ],
  },
  {
    title: "Best Practices",
    items: [
      {
        title: "Write job descriptions that convert",
        description: "Structure, tone and requirements that attract more, and more qualified, applicants.",
        type: "Guide",
        readTime: 8,
      },
      {
        title: "Run structured interviews",
        description: "Scorecards, consistent questions and independent feedback for fairer, better decisions.",
        type: "Guide",
        readTime: 12,
      },
    ],
  },
];

export interface ResourceItem {
  title: string;
  description: string;
  meta: string;
  to: string;
  cta: string;
}

export const RESOURCE_GUIDES: ResourceItem[] = [
  {
    title: "The Complete Guide to Structured Hiring",
    description: "Design a process where every candidate is assessed on the same criteria, from the job post to the offer.",
    meta: "Guide · 12 min read",
    to: "/guides",
    cta: "Read the guide",
  },
  {
    title: "Hiring Your First Ten Employees",
    description: "What to hire for, where to find candidates and how to run interviews when there is no HR team yet.",
    meta: "Guide · 8 min read",
    to: "/guides",
    cta: "Read the guide",
  },
  {
    title: "Using AI Responsibly in Recruitment",
    description: "Where AI saves time, where it adds risk, and how to keep people accountable for every decision.",
    meta: "Article · 5 min read",
    to: "/blog/1",
    cta: "Read the article",
  },
];

export const TEMPLATES: ResourceItem[] = [
  {
    title: "Job description templates",
    description: "Ready-to-edit descriptions for engineering, sales, operations and support roles.",
    meta: "12 templates",
    to: "/register",
    cta: "Use the templates",
  },
  {
    title: "Interview scorecards",
    description: "Structured scorecards with competencies and rating scales for every stage.",
    meta: "8 templates",
    to: "/register",
    cta: "Use the scorecards",
  },
  {
    title: "Candidate email templates",
    description: "Acknowledgements, interview invitations, offers and kind rejections that keep your brand warm.",
    meta: "15 templates",
    to: "/register",
    cta: "Use the emails",
  },
];

export interface Webinar {
  title: string;
  description: string;
  when: string;
  live: boolean;
}

export const WEBINARS: Webinar[] = [
  {
    title: "Live demo: OpenHire in 20 minutes",
    description: "A guided tour from posting a job to making an offer, with time for your questions.",
    when: "Every Thursday · 5:00 PM UTC",
    live: true,
  },
  {
    title: "AI-assisted screening without the bias",
    description: "How to configure matching so it explains itself, and where to keep a person in the loop.",
    when: "On demand · 45 minutes",
    live: false,
  },
  {
    title: "Remote hiring across time zones",
    description: "Scheduling, asynchronous feedback and onboarding for distributed teams.",
    when: "On demand · 38 minutes",
    live: false,
  },
];

export interface DocCard {
  icon: IconName;
  title: string;
  description: string;
  links: { label: string; to: string }[];
}

/** Spec: /documentation has four cards, each with three links. */
export const DOC_CARDS: DocCard[] = [
  {
    icon: "rocket",
    title: "Getting Started",
    description: "Create your account, post a job and receive your first application.",
    links: [
      { label: "Create your account", to: "/register" },
      { label: "Post your first job", to: "/guides" },
      { label: "Set up your pipeline", to: "/guides" },
    ],
  },
  {
    icon: "code",
    title: "API Reference",
    description:
      "Connect your own systems: the staff API with keys for your jobs, candidates and applications, signed webhooks as things change, the public job board API (JSON), and RSS, Atom and Indeed feeds.",
    links: [
      { label: "Staff API reference", to: "/documentation#staff-api" },
      { label: "Job board API and feeds", to: "/documentation#job-board-api" },
      { label: "Webhooks", to: "/documentation#webhooks" },
    ],
  },
  {
    icon: "book",
    title: "Guides",
    description: "Step-by-step walkthroughs and best practices for hiring teams.",
    links: [
      { label: "All guides", to: "/guides" },
      { label: "Templates and webinars", to: "/resources" },
      { label: "Hiring articles", to: "/blog" },
    ],
  },
  {
    icon: "terminal",
    title: "CLI Tools",
    description: "Run OpenHire yourself: one command starts the server with an embedded database.",
    links: [
      { label: "Self-hosting overview", to: "/platform" },
      { label: "System requirements", to: "/platform" },
      { label: "Talk to an engineer", to: "/about" },
    ],
  },
];

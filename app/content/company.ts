/** About and careers content: values, team, perks and open positions. */
import type { IconName } from "./icons";
import type { JobType } from "~/schemas/job";

export interface Value {
  icon: IconName;
  title: string;
  description: string;
}

/** Spec: the four values of /about, verbatim titles. */
export const VALUES: Value[] = [
  {
    icon: "sparkles",
    title: "Innovation First",
    description: "We ship small improvements every week and question every step of hiring that exists only because it always has.",
  },
  {
    icon: "heart",
    title: "Customer Success",
    description: "Our customers hire the people who build their companies. We measure ourselves by the hires they make, not the features we ship.",
  },
  {
    icon: "users",
    title: "Diversity & Inclusion",
    description: "Fair, structured hiring is built into the product, and into how we hire our own team.",
  },
  {
    icon: "globe",
    title: "Social Impact",
    description: "A great applicant-tracking system should not be a luxury. That is why our core product is free, forever.",
  },
];

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

/** Spec: a team list of three people with roles. */
export const TEAM: TeamMember[] = [
  {
    name: "Sarah Chen",
    role: "CEO & Co-founder",
    bio: "Led talent acquisition at two high-growth startups before deciding hiring software should be free.",
  },
  {
    name: "Marcus Johnson",
    role: "CTO & Co-founder",
    bio: "Built search and matching systems for a decade. Now makes sure every candidate gets a fair first read.",
  },
  {
    name: "Emily Rodriguez",
    role: "Head of Product",
    bio: "Former recruiter who has run more than a thousand hiring processes and designs OpenHire around them.",
  },
];

export const ABOUT = {
  title: "We believe great hiring should be open to everyone",
  lead: "OpenHire started with a simple observation: the companies that most need a good hiring process (small teams, schools, non-profits) are the ones priced out of the tools that provide it.",
  mission:
    "Our mission is to give every organisation a world-class applicant-tracking system, free forever, and to use AI to make hiring faster and fairer for the people on both sides of the table. We build in the open, we listen to recruiters and candidates alike, and we earn our living from the teams that want to go further.",
};

export interface Perk {
  icon: IconName;
  title: string;
  description: string;
}

/** Spec: the four careers perks. */
export const PERKS: Perk[] = [
  {
    icon: "banknotes",
    title: "Competitive salary",
    description: "Salaries benchmarked to the market and published for every role, plus equity for every employee.",
  },
  {
    icon: "heart",
    title: "Health and wellness",
    description: "Comprehensive health, dental and vision cover for you and your family, and a monthly wellness budget.",
  },
  {
    icon: "academic",
    title: "Learning and development",
    description: "An annual learning budget, conference tickets and time set aside every week to learn something new.",
  },
  {
    icon: "sun",
    title: "Work-life balance",
    description: "Flexible hours, 25 days of paid leave, and a team that respects evenings and weekends.",
  },
];

export interface Position {
  /** Stable: the position's address is /careers/{id}. */
  id: number;
  title: string;
  department: string;
  location: string;
  type: JobType;
  /** One sentence for the list, the page's lead and its description tag. */
  summary: string;
  /** The role in a few paragraphs. */
  description: string[];
  responsibilities: string[];
  requirements: string[];
}

/** Spec: the three open positions, all Full-time; each has its page at /careers/{id}. */
export const POSITIONS: Position[] = [
  {
    id: 1,
    title: "Senior Software Engineer",
    department: "Engineering",
    location: "Remote",
    type: "full-time",
    summary: "Build the hiring pipeline, job board and application flow that recruiters and candidates use every day.",
    description: [
      "OpenHire is one TypeScript codebase: React pages rendered on the server, a Node server and PostgreSQL. You will own features end to end, from the database schema to the last accessible label on the page.",
      "We work in small, reviewed steps, write tests at the right level for every change and keep our decisions written down next to the code.",
    ],
    responsibilities: [
      "Design, build and ship features across the pipeline board, the job board and the staff workspace",
      "Keep the product fast and accessible, and measure both",
      "Review code and decisions with the rest of the engineering team",
      "Help candidates and recruiters by fixing what they report, quickly",
    ],
    requirements: [
      "5+ years building web applications, with TypeScript and React in production",
      "Comfort with SQL and PostgreSQL: schemas, indexes and query plans",
      "A habit of writing tests that would fail without your change",
      "Clear written communication across time zones",
    ],
  },
  {
    id: 2,
    title: "Product Manager",
    department: "Product",
    location: "San Francisco",
    type: "full-time",
    summary: "Decide what we build next with recruiters, hiring managers and candidates, and make sure it ships well.",
    description: [
      "You will spend your weeks with the people who hire with OpenHire and the people who apply through it, and turn what you learn into small, clear plans the team can ship.",
      "You will work closely with design and engineering and own the product's roadmap and its release notes.",
    ],
    responsibilities: [
      "Talk to customers and candidates every week and share what you learn",
      "Write short, clear specifications with the messages and rules users will see",
      "Prioritise the roadmap with engineering and design",
      "Measure whether what we shipped made hiring faster and fairer",
    ],
    requirements: [
      "3+ years of product management for a software product",
      "Experience with hiring, HR or recruiting software is a plus",
      "Strong writing and the habit of checking claims against data",
      "Able to work from our San Francisco office at least three days a week",
    ],
  },
  {
    id: 3,
    title: "Customer Success Manager",
    department: "Customer Success",
    location: "New York",
    type: "full-time",
    summary: "Help hiring teams get started with OpenHire and get the most out of it as they grow.",
    description: [
      "You will onboard new teams, train recruiters and hiring managers, and be the voice of our customers inside the product team.",
      "You will work with companies of every size, from a five-person start-up to a school district.",
    ],
    responsibilities: [
      "Onboard new customers and set up their first pipelines with them",
      "Run training sessions and write guides for common questions",
      "Bring customer feedback to product and engineering",
      "Help customers plan their move from spreadsheets or another applicant-tracking system",
    ],
    requirements: [
      "3+ years in customer success or account management for a software product",
      "Calm, friendly and precise in writing and on calls",
      "Experience in recruiting or HR is a plus",
      "Able to work from our New York office at least three days a week",
    ],
  },
];

/** A position by the id in its address: digits only, so "01" or "1.0" find nothing. */
export function findPosition(id: string | number | undefined): Position | undefined {
  const wanted = typeof id === "number" ? id : id && /^[1-9]\d*$/.test(id) ? Number(id) : Number.NaN;
  return POSITIONS.find((position) => position.id === wanted);
}

export function positionPath(position: Pick<Position, "id">): string {
  return `/careers/${position.id}`;
}

export const CAREERS_EMAIL = "careers@openhire.dev";

/** Apply by email: the careers address with the position in the subject. */
export function positionApplyHref(position: Pick<Position, "title">): string {
  return `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`Application: ${position.title}`)}`;
}

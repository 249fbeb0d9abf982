/** About and careers content: values, team, perks and open positions. */
import type { IconName } from "~/components/marketing/icon";

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
  id: number;
  title: string;
  department: string;
  location: string;
  type: string;
}

/** Spec: the three open positions, all Full-time. */
export const POSITIONS: Position[] = [
  { id: 1, title: "Senior Software Engineer", department: "Engineering", location: "Remote", type: "Full-time" },
  { id: 2, title: "Product Manager", department: "Product", location: "San Francisco", type: "Full-time" },
  { id: 3, title: "Customer Success Manager", department: "Customer Success", location: "New York", type: "Full-time" },
];

export const CAREERS_EMAIL = "careers@openhire.dev";

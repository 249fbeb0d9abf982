/** Pricing plans and the pricing FAQ (spec section 2, "Pricing page"). */

export interface Plan {
  name: string;
  /** Per month; null is a custom price. */
  price: number | null;
  description: string;
  features: string[];
  featured: boolean;
}

/** Features that a page of ours describes: the pricing page links each to it. */
export const FEATURE_LINKS: Readonly<Record<string, string>> = {
  "API access": "/documentation#staff-api",
};

export const PLANS: Plan[] = [
  {
    name: "Free",
    price: 0,
    description: "Everything you need to run a great hiring process, free forever.",
    features: [
      "Unlimited active jobs",
      "Basic applicant tracking",
      "Email templates",
      "Interview scheduling",
      "Basic analytics",
      "Community support",
      "No job promotions",
    ],
    featured: false,
  },
  {
    name: "Starter",
    price: 99,
    description: "For teams that want more reach and a process tailored to them.",
    features: [
      "5 job promotions per month",
      "Advanced applicant tracking",
      "Custom workflows",
      "Team collaboration",
      "Email support",
      "API access",
    ],
    featured: false,
  },
  {
    name: "Professional",
    price: 299,
    description: "For growing companies hiring every month across several teams.",
    features: [
      "25 job promotions per month",
      "Advanced analytics",
      "Priority support",
      "Custom integrations",
      "Bulk job posting",
      "Advanced reporting",
    ],
    featured: true,
  },
  {
    name: "Enterprise",
    price: null,
    description: "For large organisations with security, compliance and scale requirements.",
    features: [
      "Unlimited promotions",
      "Enterprise security",
      "Dedicated account manager",
      "Custom branding",
      "Advanced permissions",
      "SLA guarantees",
      "White-glove onboarding",
    ],
    featured: false,
  },
];

/** Spec: Get Started Free for price 0, Contact sales for custom, Start free trial otherwise. */
export function planButtonLabel(plan: Pick<Plan, "price">): string {
  if (plan.price === null) return "Contact sales";
  if (plan.price === 0) return "Get Started Free";
  return "Start free trial";
}

export function planPriceLabel(plan: Pick<Plan, "price">): string {
  return plan.price === null ? "Custom" : `$${plan.price}`;
}

export interface FaqItem {
  question: string;
  answer: string;
  /** Pages of the product that show what the answer says. */
  links?: { href: string; label: string }[];
}

/** Spec FAQ topics: the free plan, job promotions, plan changes, non-profit discounts. */
export const PRICING_FAQ: FaqItem[] = [
  {
    question: "Is the Free plan really free forever?",
    answer:
      "Yes. The Free plan has no time limit and no credit card requirement. You get unlimited active jobs, applicant tracking, email templates, interview scheduling and basic analytics for as long as you like. You only pay if you want job promotions or advanced features.",
  },
  {
    question: "What are job promotions?",
    answer:
      "A promotion gives one job extra reach: featured placement at the top of the job board, social promotion on our channels, and inclusion in the job alert emails we send to candidates. Starter includes 5 promotions per month, Professional 25, and Enterprise unlimited.",
    // Decision 111: candidates ask for job alerts on the board and on careers pages; featured jobs lead the digests.
    links: [{ href: "/jobs", label: "See the job board and its job alerts" }],
  },
  {
    question: "Can I change plans at any time?",
    answer:
      "Yes. Upgrades take effect immediately, so new features and promotions are available right away. Downgrades take effect at the next billing cycle, so you keep what you paid for until then.",
  },
  {
    question: "Do you offer discounts for non-profits?",
    answer:
      "We do. Non-profit organisations, charities and public schools can get a discount on any paid plan. Contact our sales team with a few details about your organisation and we will set it up.",
  },
];

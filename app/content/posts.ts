/** The three built-in blog posts (spec section 2: AI in recruitment, inclusive hiring, remote hiring). */

export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** Minutes. */
  readTime: number;
  category: string;
  image: { src: string; alt: string; width: number; height: number };
  /** Paragraphs separated by blank lines. */
  content: string;
}

export const POSTS: BlogPost[] = [
  {
    id: 1,
    title: "How AI Is Changing Recruitment in 2025",
    excerpt:
      "AI now reads applications, schedules interviews and flags bias in job posts. Here is what actually works, what to avoid, and how to keep people in charge of the decisions.",
    author: "Sarah Chen",
    date: "2025-03-18",
    readTime: 5,
    category: "AI & Technology",
    image: { src: "/images/blog/ai-recruitment.svg", alt: "Abstract illustration of a candidate profile analysed by AI", width: 1200, height: 630 },
    content: `Two years ago, "AI in recruiting" mostly meant keyword filters that rejected good candidates for using the wrong synonym. In 2025 the tools are far better, and the question has shifted from whether to use AI to where it genuinely helps.

The clearest win is the first read. A recruiter with 300 applications for one role spends most of the week skimming. Matching models that compare each application with the job's stated requirements, and explain why, let that recruiter start with the twenty most relevant candidates instead of the first twenty in the inbox.

Scheduling is the second. Coordinating five interviewers across three time zones used to take a dozen emails. Assistants that read calendars and offer candidates a set of slots remove days from every hiring process, and candidates notice.

Job descriptions are the third. Writing assistants catch jargon, unnecessary requirements and gendered wording that quietly shrink your applicant pool. A clearer post attracts more, and more varied, applicants.

Where should you be careful? Anywhere a model makes a decision rather than a suggestion. Automatic rejections are hard to explain, hard to audit and, in a growing number of places, regulated. Keep a person responsible for every advance and every rejection, and keep the model's reasoning visible to them.

Finally, measure. Compare time-to-hire, offer acceptance and the diversity of your shortlists before and after you switch a tool on. If the numbers do not move, the tool is not helping, however impressive the demo was.`,
  },
  {
    id: 2,
    title: "Building Inclusive Hiring Practices",
    excerpt:
      "Inclusive hiring is a process, not a slogan. Five practical changes, from the job post to the offer, that widen your pool and make every decision fairer.",
    author: "Marcus Johnson",
    date: "2025-03-12",
    readTime: 4,
    category: "Diversity & Inclusion",
    image: { src: "/images/blog/inclusive-hiring.svg", alt: "Abstract illustration of a diverse group of people", width: 1200, height: 630 },
    content: `Most teams want to hire inclusively. Fewer have changed the process that decides who gets hired. The good news is that the changes that matter most are small, cheap and easy to keep.

Start with the job post. List the requirements a person truly needs on day one and move the rest to "nice to have". Research has long shown that many qualified candidates do not apply unless they meet every listed requirement, so every unnecessary line costs you applicants.

Structure every interview. Agree on the questions and the scorecard before the first conversation, and ask every candidate the same questions. Structured interviews are both fairer and better at predicting performance than free-form chats.

Collect feedback independently. Ask each interviewer to submit their notes before they see anyone else's. Group debriefs where the most senior person speaks first tend to converge on that person's view.

Make the process accessible. Offer alternatives to timed online tests, say up front how long each step will take, and ask every candidate whether they need adjustments.

Finally, look at your pipeline data. If candidates from one group drop out at one stage, that stage deserves a closer look. You cannot fix what you do not measure.`,
  },
  {
    id: 3,
    title: "Remote Hiring Strategies That Work",
    excerpt:
      "Hiring people you may never meet in person takes a different playbook. How to write remote job posts, run video interviews and onboard across time zones.",
    author: "Emily Rodriguez",
    date: "2025-03-05",
    readTime: 6,
    category: "Remote Work",
    image: { src: "/images/blog/remote-hiring.svg", alt: "Abstract illustration of a world map with connected locations", width: 1200, height: 630 },
    content: `Remote hiring opened talent pools that were closed to most companies a few years ago. It also made old habits fail in new ways. These are the strategies we see working for distributed teams.

Be precise about "remote". Say whether the role is fully remote, remote within certain countries or time zones, or hybrid with office days. Vague posts attract applicants you cannot hire and frustrate everyone involved.

Publish the salary range. Remote candidates compare offers across cities and countries. A clear range, currency and pay period saves both sides an interview that was never going to work.

Test for remote skills directly. Written communication, managing your own time and working asynchronously matter more when the team is spread out. A short written exercise reveals more than an extra video call.

Design interviews for video. Share the agenda in advance, keep panels small, and leave time for the candidate's questions. Record structured feedback right after each call, while it is fresh.

Respect time zones. Offer interview slots that suit the candidate, not only the team. Automated scheduling that shows times in the candidate's own zone removes a surprising amount of friction.

Plan onboarding before the offer. The first week of a remote hire decides a lot. A named buddy, a written plan and equipment that arrives on time tell a new colleague they made the right choice.`,
  },
];

export function findPost(id: string | number): BlogPost | undefined {
  const wanted = typeof id === "number" ? id : /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return POSTS.find((post) => post.id === wanted);
}

/** Spec: the content split into paragraphs at blank lines. */
export function postParagraphs(post: Pick<BlogPost, "content">): string[] {
  return post.content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

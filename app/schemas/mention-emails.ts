/** How a member hears by email that a teammate mentioned them in a note (decision 098). */
export const MENTION_EMAIL_MODES = ["immediate", "digest", "never"] as const;
export type MentionEmailMode = (typeof MENTION_EMAIL_MODES)[number];

/** As Settings › Profile offers them. */
export const MENTION_EMAIL_LABELS: Record<MentionEmailMode, string> = { immediate: "At once", digest: "Daily digest", never: "Never" };

/**
 * Calendar feeds (decision 102, "Calendar feeds"): a member's own interviews, or (admins) the
 * company's. Shared by the schema, the services and Settings › Profile.
 */
export const CALENDAR_FEED_SCOPES = ["mine", "company"] as const;
export type CalendarFeedScope = (typeof CALENDAR_FEED_SCOPES)[number];

import { newsletterSubscriptions } from "../../../db/schema";
import type { NewsletterInput } from "~/schemas/newsletter";
import type { Database } from "../platform/db.server";
import type { RateLimitRule } from "../platform/rate-limit.server";

export const NEWSLETTER_RATE_LIMIT: RateLimitRule = { name: "newsletter", limit: 10, windowSeconds: 60 * 60 };

export type SubscribeResult = { status: "subscribed" } | { status: "already-subscribed" };

/**
 * Stores a subscription. The email is unique without regard to case (a unique index on
 * lower(email)); a repeat is not an error, it answers "already-subscribed".
 */
export async function subscribeToNewsletter(db: Database, input: NewsletterInput): Promise<SubscribeResult> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: input.email.trim(), source: input.source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return inserted.length > 0 ? { status: "subscribed" } : { status: "already-subscribed" };
}

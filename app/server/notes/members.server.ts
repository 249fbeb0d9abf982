import { asc, eq, sql } from "drizzle-orm";
import { profiles, user } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";
import type { Role } from "~/lib/permissions";

/** A member of the company as mentions name them (decision 098). */
export interface MentionableMember {
  userId: string;
  /** Their full name, or their email when they gave none. */
  name: string;
  email: string;
  /** Their role (decision 096): whom a request for feedback or a hiring team may name, and as what. */
  role: Role;
}

/**
 * Everyone in the actor's company, the actor included: whom a note may mention, and the names the
 * notes show; whom a request for feedback or a job's hiring team may name (the one list of members). A company's team is small, so the page gets all of it (no search endpoint).
 */
export async function listMentionableMembers(db: Queryable, actor: Actor): Promise<MentionableMember[]> {
  // The Notes and Feedback tabs ask it on every visit: prepared (decision 100).
  return preparedRead(db, actor, "mentionable_members", (actor) =>
    db
      .select({ userId: profiles.id, name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`, email: user.email, role: profiles.role })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(owned(profiles, actor))
      .orderBy(asc(sql`lower(coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email}))`)),
  );
}

import { type SQL, sql } from "drizzle-orm";
import { companies, profiles, user } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, ownCompany, ownedSql, preparedRead } from "../platform/tenancy.server";
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
  const [row] = await preparedRead(db, actor, "mentionable_members", (actor) =>
    db.select({ members: mentionableMembersColumn(actor) }).from(companies).where(ownCompany(actor)),
  );
  return row?.members ?? [];
}

/**
 * listMentionableMembers's list as one JSON value (by name, A to Z), for a statement that reads it
 * beside other things: the application page's reject choices (decision 145).
 */
export function mentionableMembersColumn(actor: Actor): SQL<MentionableMember[]> {
  // Aliased: inside a select from one table, drizzle names a column without its table ("id").
  const name = sql`coalesce(nullif(trim(p.full_name), ''), u.email)`;
  return sql<MentionableMember[]>`(
    select coalesce(json_agg(json_build_object('userId', p.id, 'name', ${name}, 'email', u.email, 'role', p.role) order by lower(${name})), '[]'::json)
    from ${profiles} p inner join ${user} u on u.id = p.id
    where ${ownedSql("p", actor)})`;
}

import { and, sql } from "drizzle-orm";
import { candidateEmailAliases } from "../../../db/schema";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned } from "../platform/tenancy.server";

/** What identifies a person within a company (decision 078): the email, trimmed and in lower case. */
export function emailKeyOf(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The candidate each of these email keys now finds because its candidate was merged into them
 * (decision 085), for the ways in that insert a candidate themselves (Add candidate, import); the
 * trigger that finds an application's candidate reads the same table. Keys without one are absent.
 */
export async function candidatesByAlias(db: Queryable, actor: Actor, emailKeys: readonly string[]): Promise<Map<string, string>> {
  if (emailKeys.length === 0) return new Map();
  const rows = await db
    .select({ emailKey: candidateEmailAliases.emailKey, candidateId: candidateEmailAliases.candidateId })
    .from(candidateEmailAliases)
    .where(
      and(
        owned(candidateEmailAliases, actor),
        sql`${candidateEmailAliases.emailKey} in (select jsonb_array_elements_text(${JSON.stringify(emailKeys)}::jsonb))`,
      ),
    );
  return new Map(rows.map((row) => [row.emailKey, row.candidateId]));
}

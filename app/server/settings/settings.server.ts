import { and, eq } from "drizzle-orm";
import { companies, profiles } from "../../../db/schema";
import type { CompanySettingsInput, ProfileSettingsInput } from "~/schemas/settings";
import type { Database, Queryable } from "../platform/db.server";
import { invalidateJobBoardCache } from "../job-board/cache.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownCompany } from "../platform/tenancy.server";
import { requireCompanyAdmin } from "../team/team.server";

/** What the Settings page shows of the profile and the company. */
export async function getSettings(db: Queryable, actor: Actor) {
  const [row] = await db
    .select({
      fullName: profiles.fullName,
      role: profiles.role,
      emailNotifications: profiles.emailNotifications,
      mentionEmails: profiles.mentionEmails,
      companyName: companies.name,
      website: companies.website,
      ownerId: companies.createdBy,
    })
    .from(profiles)
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(and(eq(profiles.id, actor.userId), owned(profiles, actor)));
  if (!row) throw new DomainError("NOT_FOUND", "Profile not found");
  const { ownerId, ...settings } = row;
  return { ...settings, isOwner: ownerId === actor.userId };
}

export async function updateProfileSettings(db: Database, actor: Actor, input: ProfileSettingsInput) {
  await db
    .update(profiles)
    .set({ fullName: input.fullName, emailNotifications: input.emailNotifications, ...(input.mentionEmails ? { mentionEmails: input.mentionEmails } : {}) })
    .where(and(eq(profiles.id, actor.userId), owned(profiles, actor)));
}

/** The company's name and website; only its admins change them. Every job page shows both, so the board's cache goes. */
export async function updateCompanySettings(db: Database, actor: Actor, input: CompanySettingsInput) {
  await requireCompanyAdmin(db, actor, "Only an admin of the company can change the company's details.");
  await db.update(companies).set({ name: input.companyName, website: input.website }).where(ownCompany(actor));
  invalidateJobBoardCache();
}

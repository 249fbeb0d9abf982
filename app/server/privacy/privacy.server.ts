import { companies } from "../../../db/schema";
import { defaultPrivacyNoticeText, type PrivacySettingsInput } from "~/schemas/privacy";
import { recordAudit } from "../audit/audit.server";
import { invalidateJobBoardCache } from "../job-board/cache.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, ownCompany } from "../platform/tenancy.server";
import { requireCompanyAdmin } from "../team/team.server";

/**
 * The company's privacy notice (decision 114), set in Settings › Privacy and shown by the apply
 * form beside its consent box. Applications keep the notice they were sent with.
 */

/** What Settings › Privacy shows: the kind chosen ("default" without one), the link and text kept, and the default notice. */
export async function getPrivacySettings(db: Queryable, actor: Actor) {
  const [row] = await db
    .select({ name: companies.name, kind: companies.privacyNoticeKind, url: companies.privacyNoticeUrl, text: companies.privacyNoticeText })
    .from(companies)
    .where(ownCompany(actor));
  if (!row) throw new DomainError("NOT_FOUND", "Company not found");
  return { companyName: row.name, kind: row.kind ?? ("default" as const), url: row.url, text: row.text, defaultText: defaultPrivacyNoticeText(row.name) };
}

/**
 * Saves the privacy notice; admins only. A change is recorded in the audit trail with the same
 * transaction (what the kind was and became, and whether the link or text changed); saving the
 * same notice again records nothing.
 */
export async function updatePrivacySettings(db: Database, actor: Actor, input: PrivacySettingsInput): Promise<void> {
  await requireCompanyAdmin(db, actor, "Only an admin of the company can change the privacy notice.");
  const kind = input.kind === "default" ? null : input.kind;
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ kind: companies.privacyNoticeKind, url: companies.privacyNoticeUrl, text: companies.privacyNoticeText })
      .from(companies)
      .where(ownCompany(actor))
      .for("update");
    if (!before) throw new DomainError("NOT_FOUND", "Company not found");
    const urlChanged = before.url !== input.url;
    const textChanged = before.text !== input.text;
    if (before.kind === kind && !urlChanged && !textChanged) return false;
    await tx.update(companies).set({ privacyNoticeKind: kind, privacyNoticeUrl: input.url, privacyNoticeText: input.text }).where(ownCompany(actor));
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "privacy.changed",
      subjectType: "company",
      subjectId: actor.companyId,
      data: { kindBefore: before.kind ?? "default", kind: input.kind, urlChanged, textChanged, ...(input.url ? { url: input.url } : {}) },
    });
    return true;
  });
  // The apply form and the board API read the notice through the board's cache.
  if (changed) invalidateJobBoardCache();
}

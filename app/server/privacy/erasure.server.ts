import { and, eq } from "drizzle-orm";
import { candidates } from "../../../db/schema";
import { recordAudit } from "../audit/audit.server";
import type { Database } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned } from "../platform/tenancy.server";
import { isErased } from "~/lib/erased";
import { anonymiseCandidates, removeFiles } from "./anonymise.server";

/** A name as the confirmation compares it: spaces collapsed, case ignored. */
const comparable = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

export const ERASE_MESSAGES = {
  mismatch: "Type the candidate's name exactly as it is shown to erase them.",
  already: "This candidate has already been erased.",
};

/**
 * Erases a candidate (decision 116): confirmed by their name typed again, every trace of them goes
 * (anonymiseCandidates) with the audit entry in the same transaction, then their stored files.
 */
export async function eraseCandidate(db: Database, actor: Actor, candidateId: string, typedName: string, ip?: string): Promise<{ applications: number }> {
  const result = await db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ name: candidates.name, email: candidates.email })
      .from(candidates)
      .where(and(eq(candidates.id, candidateId), owned(candidates, actor)))
      .for("update");
    if (!candidate) throw new DomainError("NOT_FOUND", "Candidate not found");
    if (isErased(candidate)) throw new DomainError("CONFLICT", ERASE_MESSAGES.already, { field: "confirmName" });
    if (comparable(typedName) !== comparable(candidate.name)) throw new DomainError("INVALID", ERASE_MESSAGES.mismatch, { field: "confirmName" });
    const done = await anonymiseCandidates(tx, actor, [candidateId]);
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "candidate.erased",
      subjectType: "candidate",
      subjectId: candidateId,
      data: { applications: done.applications, files: done.storageKeys.length },
      ip: ip ?? null,
    });
    return done;
  });
  await removeFiles(result.storageKeys);
  return { applications: result.applications };
}

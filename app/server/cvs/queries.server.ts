import { and, desc, eq, sql } from "drizzle-orm";
import { cvs, user } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import type { Queryable } from "../platform/db.server";
import { type Actor, owned, ownedSql, preparedRead, seesApplicationSql, seesWholeCompany } from "../platform/tenancy.server";

/** The most of a CV's text a candidate page carries; the whole text is in the file. */
export const CV_PREVIEW_CHARS = 20_000;

/**
 * A candidate's CVs, newest first, each with the start of its text (the page previews the
 * newest); only the actor's company's.
 */
export async function listCandidateCvs(db: Queryable, actor: Actor, candidateId: string) {
  if (!isUuid(candidateId)) return [];
  const rows = await preparedRead(
    db,
    actor,
    "candidate_cvs",
    (actor) =>
      db
        .select({
          id: cvs.id,
          fileName: cvs.fileName,
          kind: cvs.kind,
          sizeBytes: cvs.sizeBytes,
          textStatus: cvs.textStatus,
          pages: cvs.pages,
          applicationId: cvs.applicationId,
          createdAt: cvs.createdAt,
          uploadedBy: user.name,
          textStart: sql<string | null>`left(${cvs.text}, ${CV_PREVIEW_CHARS})`,
          textLength: sql<number | null>`length(${cvs.text})`,
        })
        .from(cvs)
        .leftJoin(user, eq(user.id, cvs.uploadedBy))
        .where(and(eq(cvs.candidateId, sql.placeholder("candidateId")), owned(cvs, actor)))
        .orderBy(desc(cvs.createdAt), desc(cvs.id))
        .limit(50),
    { candidateId },
  );
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), textLength: row.textLength === null ? null : Number(row.textLength) }));
}

/**
 * What serving one CV file needs, when it is the actor's company's candidate's and the actor sees
 * one of the candidate's applications (a hiring manager, an interviewer: decision 096); else null.
 */
export async function getCvFile(db: Queryable, actor: Actor, candidateId: string, cvId: string) {
  if (!isUuid(candidateId) || !isUuid(cvId)) return null;
  const seen = seesWholeCompany(actor)
    ? undefined
    : sql`exists (select 1 from applications a where a.candidate_id = ${cvs.candidateId} and ${ownedSql("a", actor)} and ${seesApplicationSql("a", actor)})`;
  const [row] = await db
    .select({ storageKey: cvs.storageKey, fileName: cvs.fileName, kind: cvs.kind, sizeBytes: cvs.sizeBytes })
    .from(cvs)
    .where(and(eq(cvs.id, cvId), eq(cvs.candidateId, candidateId), owned(cvs, actor), seen));
  return row ?? null;
}

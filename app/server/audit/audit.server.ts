import { auditEvents } from "../../../db/schema";
import type { AuditAction, AuditSubjectType } from "~/schemas/audit";
import type { Queryable } from "../platform/db.server";

/**
 * The one way an entry enters the audit trail (decision 115). Call it with the transaction of the
 * action it records (an erasure's entry commits with the erasure), or on its own for a read (a
 * candidate viewed). Never pass a candidate's name or email in `data`: the trail must survive their
 * erasure without naming them.
 */
export interface AuditEntry {
  companyId: string;
  /** The member who acted; null for the candidate themselves or the app. */
  actorId: string | null;
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  data?: Record<string, unknown>;
  via?: "api" | "retention" | "candidate" | null;
  ip?: string | null;
}

export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/** recordAudit for many entries in one statement (a bulk export, a retention run). */
export async function recordAudits(db: Queryable, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEvents).values(
    entries.map((entry) => ({
      companyId: entry.companyId,
      actorId: entry.actorId,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      data: entry.data ?? {},
      via: entry.via ?? null,
      ip: entry.ip ?? null,
    })),
  );
}

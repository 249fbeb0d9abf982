import { and, eq, gt, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { auditEvents } from "../../../db/schema";
import type { AuditAction, AuditSubjectType } from "~/schemas/audit";
import type { Queryable } from "../platform/db.server";
import { clientIpContext } from "../platform/request-context.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";

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

/** An actor and the client address of the request they act through, for the entries their actions write. */
export type AuditedActor<A extends Actor = Actor> = A & { ip?: string | null };

/** The request's client address, as the rate limits read it (null when it is not known). */
export function clientIpOf(context: Readonly<RouterContextProvider>): string | null {
  const ip = context.get(clientIpContext);
  return ip && ip !== "unknown" ? ip : null;
}

/** The actor with the request's client address, to hand to a service that records its action. */
export function withClientIp<A extends Actor>(actor: A, context: Readonly<RouterContextProvider>): AuditedActor<A> {
  return { ...actor, ip: clientIpOf(context) };
}

/**
 * How long one member's looking at one candidate counts as one view: the page's reloads and
 * revalidations (after each form on it) within it write no new entry.
 */
export const VIEW_WINDOW_MINUTES = 10;

/**
 * Records that a member (or an API key, `via: "api"`) looked at a candidate, unless the same one
 * already did within VIEW_WINDOW_MINUTES: the trail says who looked, not how many times the page
 * was drawn. Two views at the same instant may both be written, which is harmless.
 */
export async function recordCandidateView(
  db: Queryable,
  actor: AuditedActor,
  candidateId: string,
  options: { via?: "api"; data?: Record<string, unknown> } = {},
): Promise<void> {
  // Every candidate and application page asks it: prepared (decisions 100 and 145).
  const [recent] = await preparedRead(
    db,
    actor,
    "recent_candidate_view",
    (actor) =>
      db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(
          and(
            owned(auditEvents, actor),
            eq(auditEvents.subjectId, sql.placeholder("candidateId")),
            eq(auditEvents.action, "candidate.viewed"),
            sql`${auditEvents.actorId} is not distinct from ${sql.placeholder("viewer")}`,
            sql`${auditEvents.via} is not distinct from ${sql.placeholder("via")}`,
            gt(auditEvents.createdAt, sql`now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`),
          ),
        )
        .limit(1),
    { candidateId, viewer: actor.userId || null, via: options.via ?? null },
  );
  if (recent) return;
  await recordAudit(db, {
    companyId: actor.companyId,
    actorId: actor.userId || null,
    action: "candidate.viewed",
    subjectType: "candidate",
    subjectId: candidateId,
    data: options.data,
    via: options.via ?? null,
    ip: actor.ip ?? null,
  });
}

import { and, asc, eq, sql } from "drizzle-orm";
import { rejectionReasons } from "../../../db/schema";
import { isUuid } from "~/schemas/id";
import { REASON_GONE } from "~/schemas/rejection";
import { type Database, type Queryable, queryRows, uuidArray } from "../platform/db.server";
import { DomainError, isUniqueViolation } from "../platform/errors.server";
import { type Actor, owned, preparedRead } from "../platform/tenancy.server";
import { requireCompanyAdmin } from "../team/team.server";

/** The reasons every new company starts with (migration 0014 gave them to the companies there were). */
export const DEFAULT_REJECTION_REASONS = ["Not qualified", "Withdrew", "Hired elsewhere", "Position filled", "Other"] as const;

export interface RejectionReason {
  id: string;
  name: string;
}

const DUPLICATE = "There is already a reason with that name.";
export const REASONS_ADMINS_ONLY = "Only an admin of the company can change the rejection reasons.";

/** The company's settings are its admins' (decision 096). */
const requireAdmin = (db: Queryable, actor: Actor) => requireCompanyAdmin(db, actor, REASONS_ADMINS_ONLY);

/** Gives a new company (the actor's, just created) its starter reasons; call it inside sign-up's transaction. */
export async function createDefaultRejectionReasons(tx: Queryable, actor: Actor): Promise<void> {
  await tx.insert(rejectionReasons).values(DEFAULT_REJECTION_REASONS.map((name, position) => ({ companyId: actor.companyId, name, position })));
}

/** The order the reject dialog offers the reasons in (the bulk bar's choices read them in it too). */
export const REJECTION_REASON_ORDER = [asc(rejectionReasons.position), asc(rejectionReasons.createdAt), asc(rejectionReasons.id)];

/** The company's reasons in the order the reject dialog offers them. */
export async function listRejectionReasons(db: Queryable, actor: Actor): Promise<RejectionReason[]> {
  // Asked by every application page (its reject dialog): prepared (decision 100).
  return preparedRead(db, actor, "rejection_reasons", (actor) =>
    db
      .select({ id: rejectionReasons.id, name: rejectionReasons.name })
      .from(rejectionReasons)
      .where(owned(rejectionReasons, actor))
      .orderBy(...REJECTION_REASON_ORDER),
  );
}

/** One of the company's reasons, or null (another company's, or removed meanwhile). */
export async function findRejectionReason(db: Queryable, actor: Actor, id: string): Promise<RejectionReason | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: rejectionReasons.id, name: rejectionReasons.name })
    .from(rejectionReasons)
    .where(and(eq(rejectionReasons.id, id), owned(rejectionReasons, actor)));
  return row ?? null;
}

/** A unique name's violation as the form's message; anything else thrown on. */
function refuseDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new DomainError("CONFLICT", DUPLICATE, { field: "name" });
  throw error;
}

/** Adds a reason at the end of the list (the company's owner only, like the company's other settings). */
export async function addRejectionReason(db: Database, actor: Actor, name: string): Promise<RejectionReason> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, actor);
    const [row] = await tx
      .insert(rejectionReasons)
      .values({
        companyId: actor.companyId,
        name,
        position: sql`(select coalesce(max(${rejectionReasons.position}) + 1, 0) from ${rejectionReasons} where ${owned(rejectionReasons, actor)})`,
      })
      .returning({ id: rejectionReasons.id, name: rejectionReasons.name })
      .catch(refuseDuplicate);
    return row!;
  });
}

export async function renameRejectionReason(db: Database, actor: Actor, id: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAdmin(tx, actor);
    const rows = await tx
      .update(rejectionReasons)
      .set({ name })
      .where(and(eq(rejectionReasons.id, id), owned(rejectionReasons, actor)))
      .returning({ id: rejectionReasons.id })
      .catch(refuseDuplicate);
    if (rows.length === 0) throw new DomainError("NOT_FOUND", REASON_GONE);
  });
}

/** Removes a reason from the list; applications rejected with it keep its name. */
export async function deleteRejectionReason(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAdmin(tx, actor);
    const rows = await tx
      .delete(rejectionReasons)
      .where(and(eq(rejectionReasons.id, id), owned(rejectionReasons, actor)))
      .returning({ id: rejectionReasons.id });
    if (rows.length === 0) throw new DomainError("NOT_FOUND", REASON_GONE);
  });
}

/** Swaps a reason with its neighbour above or below; at either end nothing changes. */
export async function moveRejectionReason(db: Database, actor: Actor, id: string, direction: "up" | "down"): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAdmin(tx, actor);
    // The whole list, locked: two moves at once cannot interleave, and positions are renumbered 0..n-1.
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`select id from ${rejectionReasons} where ${owned(rejectionReasons, actor)} order by position, created_at, id for update`,
    );
    const index = rows.findIndex((row) => row.id === id);
    if (index < 0) throw new DomainError("NOT_FOUND", REASON_GONE);
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return;
    const order = rows.map((row) => row.id);
    [order[index], order[other]] = [order[other]!, order[index]!];
    await tx.execute(
      sql`update ${rejectionReasons} set position = ordered.position - 1
          from unnest(${uuidArray(order)}) with ordinality as ordered(id, position)
          where ${rejectionReasons.id} = ordered.id and ${owned(rejectionReasons, actor)}`,
    );
  });
}

import { and, asc, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.server";
import { companies, invitations, profiles, session, user } from "../../../db/schema";
import type { Database, Queryable, Transaction } from "../platform/db.server";
import { invitationEmail } from "./emails.server";
import { type Mailer } from "../mail/mailer.server";
import { DomainError, isUniqueViolation } from "../platform/errors.server";
import { type Actor, owned, ownCompany } from "../platform/tenancy.server";
import type { Role } from "~/lib/permissions";
import { type AuditedActor, recordAudit } from "../audit/audit.server";
import { absoluteUrl } from "~/lib/absolute-url";

export const INVITATION_DAYS = 7;

export const hashInvitationToken = hashSecretToken;

/** The company's owner is the user who created it: always an Admin, never demoted or removed. */
export async function isCompanyOwner(db: Queryable, actor: Actor): Promise<boolean> {
  const [row] = await db.select({ createdBy: companies.createdBy }).from(companies).where(ownCompany(actor));
  return row?.createdBy === actor.userId;
}

/**
 * The company's settings and team are its admins' (decision 096). Services check it again from the
 * profile, beside the routes' guard, so a member demoted while a page was open cannot.
 */
export async function requireCompanyAdmin(db: Queryable, actor: Actor, message: string): Promise<void> {
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, actor.userId), owned(profiles, actor)));
  if (row?.role !== "admin") throw new DomainError("FORBIDDEN", message);
}

const TEAM_ADMINS_ONLY = "Only an admin of the company can manage the team.";
const requireAdmin = (db: Queryable, actor: Actor) => requireCompanyAdmin(db, actor, TEAM_ADMINS_ONLY);

/**
 * Invites a colleague by email: stores the token's hash and emails the link. Inviting the same
 * address again replaces the earlier invitation (a fresh link). Answers the invitation's id.
 */
export async function inviteMember(
  db: Database,
  mailer: Mailer,
  actor: AuditedActor,
  input: { email: string; role?: Role },
  linkBaseUrl: string,
): Promise<{ id: string }> {
  await requireAdmin(db, actor);
  const email = input.email.trim().toLowerCase();
  const [member] = await db
    .select({ id: user.id })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(owned(profiles, actor), eq(user.email, email)));
  if (member) throw new DomainError("CONFLICT", `${email} is already a member of your team.`, { field: "email" });

  const token = newSecretToken();
  const invitation = await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          owned(invitations, actor),
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    try {
      const [row] = await tx
        .insert(invitations)
        .values({
          companyId: actor.companyId,
          email,
          role: input.role ?? "recruiter",
          tokenHash: hashInvitationToken(token),
          invitedBy: actor.userId,
          expiresAt: new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
        })
        .returning({ id: invitations.id, role: invitations.role });
      // The invitation names its address at read time; the entry holds only the role offered.
      await recordAudit(tx, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: "member.invited",
        subjectType: "invitation",
        subjectId: row!.id,
        data: { role: row!.role },
        ip: actor.ip,
      });
      return { id: row!.id };
    } catch (error) {
      // One open invitation per address (invitations_open_email_unique): another request made it meanwhile.
      if (isUniqueViolation(error)) throw new DomainError("CONFLICT", `An invitation to ${email} was just sent.`, { field: "email" });
      throw error;
    }
  });

  const [company] = await db
    .select({ name: companies.name, inviterName: sql<string | null>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})` })
    .from(companies)
    .leftJoin(profiles, and(eq(profiles.id, actor.userId), owned(profiles, actor)))
    .leftJoin(user, eq(user.id, profiles.id))
    .where(ownCompany(actor));
  await mailer.send({
    ...invitationEmail(email, {
      companyName: company?.name ?? "your company",
      inviterName: company?.inviterName || "A colleague",
      link: absoluteUrl(linkBaseUrl, `/invitations/${token}`),
      days: INVITATION_DAYS,
    }),
    companyId: actor.companyId,
  });
  return invitation;
}

export interface TeamMember {
  userId: string;
  email: string;
  fullName: string | null;
  role: Role;
  owner: boolean;
  joinedAt: Date;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** Members and open invitations of the actor's company. */
export async function listTeam(db: Queryable, actor: Actor) {
  const [company] = await db.select({ createdBy: companies.createdBy }).from(companies).where(ownCompany(actor));
  const members = await db
    .select({ userId: profiles.id, email: user.email, fullName: profiles.fullName, role: profiles.role, joinedAt: profiles.createdAt })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(owned(profiles, actor))
    .orderBy(asc(profiles.createdAt));
  const pending = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(owned(invitations, actor), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
  const now = Date.now();
  const me = members.find((m) => m.userId === actor.userId);
  return {
    isOwner: company?.createdBy === actor.userId,
    canManage: me?.role === "admin",
    members: members.map((m): TeamMember => ({ ...m, owner: m.userId === company?.createdBy })),
    invitations: pending.map((i): PendingInvitation => ({ ...i, expired: i.expiresAt.getTime() <= now })),
  };
}

export async function revokeInvitation(db: Database, actor: Actor, invitationId: string) {
  await requireAdmin(db, actor);
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(invitations.id, invitationId),
        owned(invitations, actor),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw new DomainError("NOT_FOUND", "Invitation not found");
}

/**
 * Gives a member another role. The owner stays an Admin, and an admin does not demote themselves
 * (the owner is there to do it), so a company always has an admin.
 */
export async function changeMemberRole(db: Database, actor: AuditedActor, memberId: string, role: Role) {
  await requireAdmin(db, actor);
  if (memberId === actor.userId) throw new DomainError("FORBIDDEN", "You cannot change your own role.");
  if (await isCompanyOwner(db, { userId: memberId, companyId: actor.companyId })) {
    throw new DomainError("FORBIDDEN", "The owner is always an admin.");
  }
  await db.transaction(async (tx) => {
    // The role before, read under the row's lock, for the audit entry's "from".
    const [before] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(and(eq(profiles.id, memberId), owned(profiles, actor)))
      .for("update");
    if (!before) throw new DomainError("NOT_FOUND", "Member not found");
    if (before.role === role) return;
    await tx
      .update(profiles)
      .set({ role })
      .where(and(eq(profiles.id, memberId), owned(profiles, actor)));
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "member.role_changed",
      subjectType: "member",
      subjectId: memberId,
      data: { from: before.role, to: role },
      ip: actor.ip,
    });
  });
}

/**
 * Removes a member from the company: their profile goes and every session of theirs ends, in one
 * transaction, so their next request is refused. The owner cannot be removed.
 */
export async function removeMember(db: Database, actor: AuditedActor, memberId: string) {
  await requireAdmin(db, actor);
  if (memberId === actor.userId) throw new DomainError("FORBIDDEN", "You cannot remove yourself from the company.");
  if (await isCompanyOwner(db, { userId: memberId, companyId: actor.companyId })) {
    throw new DomainError("FORBIDDEN", "The owner cannot be removed from the company.");
  }
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(profiles)
      .where(and(eq(profiles.id, memberId), owned(profiles, actor)))
      .returning({ id: profiles.id, role: profiles.role });
    if (removed.length === 0) throw new DomainError("NOT_FOUND", "Member not found");
    await tx.delete(session).where(eq(session.userId, memberId));
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "member.removed",
      subjectType: "member",
      subjectId: memberId,
      data: { role: removed[0]!.role },
      ip: actor.ip,
    });
  });
}

// ---------------------------------------------------------------------------
// Accepting
// ---------------------------------------------------------------------------

export interface InvitationForSignUp {
  id: string;
  companyId: string;
  email: string;
}

export type InvitationLookup =
  | { status: "valid"; invitation: InvitationForSignUp & { companyName: string; inviterName: string } }
  | { status: "invalid" };

/** The invitation a link's token names, if it can still be accepted. */
export async function findInvitation(db: Queryable, token: string): Promise<InvitationLookup> {
  const [row] = await db
    .select({
      id: invitations.id,
      companyId: invitations.companyId,
      email: invitations.email,
      companyName: companies.name,
      inviterName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email}, 'A colleague')`,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .leftJoin(user, eq(user.id, invitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.tokenHash, hashInvitationToken(token)),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return row ? { status: "valid", invitation: row } : { status: "invalid" };
}

export const INVALID_INVITATION = "This invitation is no longer valid. Ask for a new one.";

/**
 * Marks the invitation used and makes the user a member of its company with the invitation's role
 * (inside a transaction).
 * A new account brings its full name; an existing one keeps the name it has.
 */
export async function acceptInvitationInTransaction(
  tx: Transaction,
  invitation: InvitationForSignUp,
  userId: string,
  newProfile: { fullName?: string } = {},
) {
  const [accepted] = await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(
      and(
        eq(invitations.id, invitation.id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ companyId: invitations.companyId, role: invitations.role });
  if (!accepted) throw new DomainError("INVALID", INVALID_INVITATION);
  const { companyId, role } = accepted;
  await tx
    .insert(profiles)
    .values({ id: userId, companyId, role, fullName: newProfile.fullName ?? null })
    .onConflictDoUpdate({ target: profiles.id, set: { companyId, role, updatedAt: new Date() } });
}

/**
 * A signed-in user (or one whose profile was removed) accepts an invitation to their own address
 * and moves to that company with the invitation's role.
 */
export async function acceptInvitation(db: Database, account: { userId: string; email: string }, token: string) {
  const found = await findInvitation(db, token);
  if (found.status !== "valid") throw new DomainError("INVALID", INVALID_INVITATION);
  if (found.invitation.email.toLowerCase() !== account.email.toLowerCase()) {
    throw new DomainError("FORBIDDEN", `This invitation was sent to ${found.invitation.email}. Sign in with that address to accept it.`);
  }
  await db.transaction(async (tx) => {
    // An owner whose company still has other members must hand it over first.
    const [owned] = await tx
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(profiles, and(eq(profiles.companyId, companies.id), ne(profiles.id, account.userId)))
      .where(and(eq(companies.createdBy, account.userId), ne(companies.id, found.invitation.companyId)))
      .limit(1);
    if (owned) throw new DomainError("CONFLICT", "You own a company with other members, so you cannot move to another one.");
    await acceptInvitationInTransaction(tx, found.invitation, account.userId);
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, account.userId));
  });
  return { companyId: found.invitation.companyId, companyName: found.invitation.companyName };
}

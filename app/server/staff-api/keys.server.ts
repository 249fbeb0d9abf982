import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { apiKeys, companies, profiles, user } from "../../../db/schema";
import { can, type Role } from "~/lib/permissions";
import { API_KEY_NOT_FOUND, API_KEY_PREFIX, API_KEY_SHOWN_CHARACTERS, API_KEYS_PER_COMPANY, type ApiKeyScope, type CreateApiKeyInput } from "~/schemas/api-keys";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.server";
import { type AuditedActor, recordAudit } from "../audit/audit.server";
import { acrossCompanies, type Actor, isOwnedBy, ownCompany, owned, preparedTokenRead } from "../platform/tenancy.server";

/*
 * Staff API keys (issue 16, decision 112). A key is `oh_live_` and 43 random characters (32 bytes,
 * base64url, as every secret link of ours). Only its SHA-256 is kept, with its first characters to
 * tell keys apart: the key is shown once, when it is made. A request's key names its company; it
 * acts as the admin who made it, while they are still an admin of that company.
 */

export const TOO_MANY_KEYS = `A company can have at most ${API_KEYS_PER_COMPANY} API keys. Revoke one you no longer use first.`;

/** How often a key's "last used" is written at most: a busy key costs one write a minute, not one a request. */
export const LAST_USED_PRECISION_SECONDS = 60;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether a string can be a key at all (checked before any lookup). */
export const isApiKey = (value: string | null | undefined): value is string => typeof value === "string" && KEY_PATTERN.test(value);

export const hashApiKey = (key: string): string => hashSecretToken(key);

export interface ApiKeyRow {
  id: string;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** False once its maker is no longer an admin of the company: the key is refused (401). */
  works: boolean;
}

/** Whether a key's maker (their profile's company and role) still lets it act for the key's company. */
function makerMayAct(actor: Actor, maker: { companyId: string | null; role: Role | null }): maker is { companyId: string; role: Role } {
  return maker.companyId !== null && maker.role !== null && isOwnedBy({ companyId: maker.companyId }, actor) && can(maker.role, "company.manage");
}

/** The company's live keys, newest first, with who made each (revoked keys are not shown). */
export async function listApiKeys(db: Queryable, actor: Actor): Promise<ApiKeyRow[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      prefix: apiKeys.keyPrefix,
      createdBy: sql<string | null>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.email})`,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      makerCompanyId: profiles.companyId,
      makerRole: profiles.role,
    })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
    .where(and(owned(apiKeys, actor), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(({ makerCompanyId, makerRole, ...key }) => ({ ...key, works: makerMayAct(actor, { companyId: makerCompanyId, role: makerRole }) }));
}

/** Makes a key for the actor's company and answers it: the only time it is seen. */
export async function createApiKey(db: Database, actor: AuditedActor, input: CreateApiKeyInput): Promise<{ id: string; key: string }> {
  const key = `${API_KEY_PREFIX}${newSecretToken()}`;
  return db.transaction(async (tx) => {
    // The company's row is locked so two creations cannot both pass the count.
    await tx.select({ id: companies.id }).from(companies).where(ownCompany(actor)).for("update");
    const [count] = await tx
      .select({ live: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(owned(apiKeys, actor), isNull(apiKeys.revokedAt)));
    if (Number(count?.live ?? 0) >= API_KEYS_PER_COMPANY) throw new DomainError("CONFLICT", TOO_MANY_KEYS, { field: "name" });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: actor.companyId,
        name: input.name,
        scope: input.scope,
        keyHash: hashApiKey(key),
        keyPrefix: key.slice(0, API_KEY_SHOWN_CHARACTERS),
        createdBy: actor.userId,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "api_key.created",
      subjectType: "api_key",
      subjectId: row!.id,
      data: { name: input.name, scope: input.scope },
      ip: actor.ip,
    });
    return { id: row!.id, key };
  });
}

/** Revokes one of the company's keys: it answers 401 from the next request on. Another company's is not found. */
export async function revokeApiKey(db: Database, actor: AuditedActor, keyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, keyId), owned(apiKeys, actor), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (revoked.length === 0) throw new DomainError("NOT_FOUND", API_KEY_NOT_FOUND, { field: "keyId" });
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "api_key.revoked",
      subjectType: "api_key",
      subjectId: keyId,
      data: { name: revoked[0]!.name },
      ip: actor.ip,
    });
  });
}

/** Who a request's key acts as: its company, its maker as the actor, and what it may do. */
export interface ApiCaller {
  keyId: string;
  /** The key's name, as the audit trail names the key that read or changed something (decision 115). */
  keyName: string;
  scope: ApiKeyScope;
  /** The admin who made the key; `displayName` names the key where the product names who added something. */
  actor: Actor & { displayName: string };
}

export type ApiKeyRefusal = "missing" | "unknown" | "creator-not-admin";

/**
 * The caller of a request's key, or why there is none: no key (or not one of ours), an unknown or
 * revoked key, or a key whose maker is no longer an admin of its company. The key, not a session,
 * names the company, so this one read is across companies; everything after it is the company's,
 * through `owned`. "Last used" is written only when it is a minute old or more.
 */
export async function authenticateApiKey(db: Database, key: string | null): Promise<ApiCaller | { refused: ApiKeyRefusal }> {
  if (!isApiKey(key)) return { refused: key ? "unknown" : "missing" };
  const [row] = await preparedTokenRead(
    db,
    "staff_api_key",
    () =>
      db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          scope: apiKeys.scope,
          companyId: apiKeys.companyId,
          createdBy: apiKeys.createdBy,
          lastUsedAt: apiKeys.lastUsedAt,
          memberCompanyId: profiles.companyId,
          role: profiles.role,
        })
        .from(apiKeys)
        .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
        .where(and(eq(apiKeys.keyHash, sql.placeholder("hash")), isNull(apiKeys.revokedAt), acrossCompanies(apiKeys))),
    { hash: hashApiKey(key) },
  );
  if (!row) return { refused: "unknown" };
  const company: Actor = { userId: row.createdBy ?? "", companyId: row.companyId };
  // Its maker must still be an admin of the key's company: removed, or made a recruiter, the key stops.
  const maker = { companyId: row.memberCompanyId, role: row.role };
  if (!row.createdBy || !makerMayAct(company, maker)) return { refused: "creator-not-admin" };
  const actor: ApiCaller["actor"] = { userId: row.createdBy, companyId: row.companyId, role: maker.role, displayName: `${row.name} (API)` };
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_SECONDS * 1000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, row.id), owned(apiKeys, actor)));
  }
  return { keyId: row.id, keyName: row.name, scope: row.scope, actor };
}


import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { companies } from "../../../db/schema";
import { CAREERS_MESSAGES, type CareersSettingsInput, LOGO_MAX_BYTES, logoPath, slugFromName } from "~/schemas/careers";
import { invalidateJobBoardCache } from "../job-board/cache.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError, isUniqueViolation } from "../platform/errors.server";
import { readFormWithFiles } from "../platform/multipart.server";
import { type Actor, ownCompany } from "../platform/tenancy.server";
import { fileStorage } from "../storage/storage.server";
import { requireCompanyAdmin } from "../team/team.server";

/**
 * A company's careers page (decision 108): its address, colour, introduction and logo. The page
 * itself is public and read in `job-board/queries.server.ts` with the board.
 */

/** The form field that carries the logo. */
export const LOGO_FIELD = "logo";

/** A logo that passed the checks: its bytes (at most 1 MB, so held in memory) and their type. */
export interface ReceivedLogo {
  bytes: Buffer;
  contentType: "image/png" | "image/jpeg" | "image/webp";
}

/** The image type the bytes are, from their signature alone; null for anything else (SVG, GIF, HTML …). */
export function logoType(bytes: Buffer): ReceivedLogo["contentType"] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * The careers settings form: its text fields, and the logo when one was chosen, or why it was
 * refused (too large, not a PNG, JPEG or WebP).
 */
export async function readCareersForm(request: Request): Promise<{ values: Record<string, string>; logo: ReceivedLogo | null; logoError: string | null }> {
  type Read = { bytes: Buffer; truncated: boolean };
  const form = await readFormWithFiles<Read>(request, {
    maxFileBytes: LOGO_MAX_BYTES + 1,
    fileFields: [LOGO_FIELD],
    async onFile(file, truncated) {
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      return { bytes: Buffer.concat(chunks), truncated: truncated() };
    },
    async discard() {},
  });
  const values = { ...form.values };
  delete values[LOGO_FIELD];
  const file = form.files.get(LOGO_FIELD);
  if (!file) return { values, logo: null, logoError: null };
  if (file.truncated || file.bytes.length > LOGO_MAX_BYTES) return { values, logo: null, logoError: CAREERS_MESSAGES.logoSize };
  const contentType = logoType(file.bytes);
  if (!contentType) return { values, logo: null, logoError: CAREERS_MESSAGES.logoType };
  return { values, logo: { bytes: file.bytes, contentType }, logoError: null };
}

/** What Settings › Careers page shows. */
export async function getCareersSettings(db: Queryable, actor: Actor) {
  const [row] = await db
    .select({ slug: companies.slug, brandColor: companies.brandColor, careersIntro: companies.careersIntro, logoKey: companies.logoKey, name: companies.name })
    .from(companies)
    .where(ownCompany(actor));
  if (!row) throw new DomainError("NOT_FOUND", "Company not found");
  return { name: row.name, slug: row.slug, brandColor: row.brandColor, careersIntro: row.careersIntro, logoSrc: row.slug ? logoPath(row.slug, row.logoKey) : null };
}

/**
 * Saves the careers page's settings; admins only. A new logo is stored first and the old one removed
 * once the company no longer names it; an address another company has is refused on its field.
 */
export async function updateCareersSettings(db: Database, actor: Actor, input: CareersSettingsInput, logo: ReceivedLogo | null): Promise<void> {
  await requireCompanyAdmin(db, actor, "Only an admin of the company can change the careers page.");
  const [current] = await db.select({ logoKey: companies.logoKey }).from(companies).where(ownCompany(actor));
  if (!current) throw new DomainError("NOT_FOUND", "Company not found");
  const newKey = logo ? `logo/${actor.companyId}/${randomUUID()}` : null;
  if (logo && newKey) await fileStorage().put(newKey, Readable.from(logo.bytes), { contentType: logo.contentType, size: logo.bytes.length });
  const logoChange = newKey && logo ? { logoKey: newKey, logoContentType: logo.contentType } : input.removeLogo ? { logoKey: null, logoContentType: null } : {};
  try {
    await db
      .update(companies)
      .set({ slug: input.slug, brandColor: input.brandColor, careersIntro: input.careersIntro, ...logoChange })
      .where(ownCompany(actor));
  } catch (error) {
    if (newKey) await removeLogo(newKey);
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", CAREERS_MESSAGES.slugTaken, { field: "slug" });
    throw error;
  }
  if (current.logoKey && "logoKey" in logoChange) await removeLogo(current.logoKey);
  invalidateJobBoardCache();
}

async function removeLogo(key: string): Promise<void> {
  try {
    await fileStorage().delete(key);
  } catch (error) {
    console.error(`Could not remove the logo file ${key}:`, error);
  }
}

/**
 * Gives a new company its careers page address from its name (sign-up): the name's words, or
 * "company", with part of the company's id added when that address is taken or reserved.
 */
export async function assignCompanySlug(tx: Queryable, company: { id: string; name: string }): Promise<string> {
  const base = slugFromName(company.name);
  const suffixed = `${base ?? "company"}-${company.id.replace(/-/g, "").slice(0, 8)}`;
  if (base) {
    const [taken] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.slug, base));
    if (!taken) {
      await tx.update(companies).set({ slug: base }).where(ownCompany({ companyId: company.id, userId: "" }));
      return base;
    }
  }
  await tx.update(companies).set({ slug: suffixed }).where(ownCompany({ companyId: company.id, userId: "" }));
  return suffixed;
}

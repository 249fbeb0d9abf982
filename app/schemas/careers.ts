import { isCleanMultiLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

/**
 * A company's careers page (decision 108): its address /companies/{slug}, colour, introduction and
 * logo, set in Settings › Careers page.
 */

/** Addresses a company may not take: the app's own words, and ones that would mislead candidates. */
export const RESERVED_SLUGS = [
  "about", "account", "admin", "administrator", "api", "app", "apply", "assets", "auth", "blog", "build", "careers",
  "companies", "company", "dashboard", "docs", "documentation", "embed", "feed", "feeds", "help", "jobs", "login",
  "logout", "manage", "new", "null", "official", "openhire", "pricing", "privacy", "register", "root", "rss", "security",
  "settings", "signup", "static", "status", "support", "system", "terms", "undefined", "www",
] as const;

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
export const INTRO_MAX = 5_000;
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const CAREERS_MESSAGES = {
  slugFormat: `Use ${SLUG_MIN} to ${SLUG_MAX} lowercase letters, digits and hyphens, starting and ending with a letter or digit`,
  slugReserved: "This address is reserved. Please choose another.",
  slugTaken: "Another company has this address. Please choose another.",
  brandColor: "Choose a colour as #rrggbb, e.g. #4f46e5",
  logoType: "Upload the logo as a PNG, JPEG or WebP image",
  logoSize: "The logo must be 1 MB or smaller",
} as const;

const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;

/**
 * A company's logo's address: its careers page's, with the part of its storage key that changes
 * with each upload, so a new logo is never an old cached one. Null without a logo.
 */
export function logoPath(slug: string, key: string | null): string | null {
  return key ? `/companies/${slug}/logo?v=${key.slice(key.lastIndexOf("/") + 1, key.lastIndexOf("/") + 9)}` : null;
}

/** Why an address is refused, or null. */
export function slugError(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX || !SLUG_PATTERN.test(slug)) return CAREERS_MESSAGES.slugFormat;
  return (RESERVED_SLUGS as readonly string[]).includes(slug) ? CAREERS_MESSAGES.slugReserved : null;
}

/** The address a company name suggests: its words in lower case joined by hyphens, fit to the rules; null when none fits. */
export function slugFromName(name: string): string | null {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_MAX - 9)
    .replace(/^-+|-+$/g, "");
  return slugError(slug) ? null : slug;
}

/** Settings › Careers page, as the form sends it (the logo is a file of its own, read on the server). */
export const CareersSettingsSchema = z.object({
  slug: z
    .string({ error: CAREERS_MESSAGES.slugFormat })
    .trim()
    .transform((value) => value.toLowerCase())
    .superRefine((value, ctx) => {
      const error = slugError(value);
      if (error) ctx.addIssue({ code: "custom", message: error });
    }),
  brandColor: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() ?? "")
    .refine((value) => value === "" || /^#[0-9a-f]{6}$/.test(value), CAREERS_MESSAGES.brandColor)
    .transform((value) => (value === "" ? null : value)),
  careersIntro: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .pipe(z.string().max(INTRO_MAX, `Please keep the introduction under ${INTRO_MAX.toLocaleString("en-US")} characters`).refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters))
    .transform((value) => (value === "" ? null : value)),
  removeLogo: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type CareersSettingsInput = z.infer<typeof CareersSettingsSchema>;

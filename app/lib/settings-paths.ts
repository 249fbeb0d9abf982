/**
 * The addresses of the Settings sections, one page each (decision 057). Profile stays at /settings
 * itself: the spec (and browser suites written against it) find the profile there.
 */
export const SETTINGS_PATHS = {
  profile: "/settings",
  security: "/settings/security",
  company: "/settings/company",
  team: "/settings/team",
  hiring: "/settings/hiring",
  careers: "/settings/careers",
  privacy: "/settings/privacy",
  "api-keys": "/settings/api-keys",
  webhooks: "/settings/webhooks",
  audit: "/settings/audit",
} as const;

export type SettingsSection = keyof typeof SETTINGS_PATHS;

/**
 * Where a link to the old one-page Settings (`/settings#team`) belongs now, or null when its
 * anchor names no section that moved (`#profile` is still on /settings).
 */
export function settingsPathOfAnchor(hash: string): string | null {
  const section = hash.replace(/^#/, "");
  return section !== "profile" && Object.hasOwn(SETTINGS_PATHS, section) ? SETTINGS_PATHS[section as SettingsSection] : null;
}

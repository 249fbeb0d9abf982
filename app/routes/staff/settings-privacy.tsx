import type { Route } from "./+types/settings-privacy";
import { PrivacySection } from "~/features/settings/privacy-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { PrivacySettingsSchema } from "~/schemas/privacy";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getPrivacySettings, updatePrivacySettings } from "~/server/privacy/privacy.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Privacy settings", "The privacy notice your apply form shows, which candidates agree to.");

const ECHO_LIMITS = maxLengthsOf(PrivacySettingsSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  return { privacy: await getPrivacySettings(appDatabase(), staff) };
}

/** Saves the privacy notice: the default, a link or a text (decision 114). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (values.intent !== "privacy") unknownSettingsIntent();
  const parsed = parseForm(PrivacySettingsSchema, values);
  if (!parsed.success) return settingsInvalid("privacy", parsed.errors, echoFormValues(values, ECHO_LIMITS));
  try {
    await updatePrivacySettings(appDatabase(), staff, parsed.data);
  } catch (error) {
    return settingsRefused("privacy", error, { values, limits: ECHO_LIMITS });
  }
  return settingsSaved(SETTINGS_PATHS.privacy, "privacy-saved");
}

export default function SettingsPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  return <PrivacySection privacy={loaderData.privacy} answer={actionData} />;
}

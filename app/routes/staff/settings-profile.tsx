import type { Route } from "./+types/settings-profile";
import { ProfileSection } from "~/features/settings/profile-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { roleLabel } from "~/lib/role-label";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { ProfileSettingsSchema } from "~/schemas/settings";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getSettings, updateProfileSettings } from "~/server/settings/settings.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "workspace.use", action: "workspace.use" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Settings", "Your profile: your name, your role, email notifications and mention emails.");

/** What the profile form may show again after a failure. */
const ECHO_LIMITS = maxLengthsOf(ProfileSettingsSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const settings = await getSettings(appDatabase(), staff);
  return {
    profile: { email: staff.email, fullName: settings.fullName ?? "", role: roleLabel({ isOwner: settings.isOwner, role: staff.role }), emailNotifications: settings.emailNotifications, mentionEmails: settings.mentionEmails },
  };
}

/** Saves the full name and the notification preference (the spec's Save); nothing else is done here. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (values.intent !== "profile") unknownSettingsIntent();
  const parsed = parseForm(ProfileSettingsSchema, values);
  if (!parsed.success) return settingsInvalid("profile", parsed.errors, echoFormValues(values, ECHO_LIMITS));
  try {
    await updateProfileSettings(appDatabase(), staff, parsed.data);
  } catch (error) {
    return settingsRefused("profile", error, { values, limits: ECHO_LIMITS });
  }
  return settingsSaved(SETTINGS_PATHS.profile, "profile-saved");
}

export default function SettingsProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileSection profile={loaderData.profile} answer={actionData} />;
}

import type { Route } from "./+types/settings-privacy";
import { PrivacySection } from "~/features/settings/privacy-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { PrivacySettingsSchema } from "~/schemas/privacy";
import { requireStaff, type Staff } from "~/server/accounts/session.server";
import { RetentionSettingsSchema } from "~/schemas/retention";
import { EEO_QUESTION_KEYS, eeoSettingName, EeoSurveySettingsSchema } from "~/schemas/eeo";
import { getEeoSurveySettings, updateEeoSurveySettings } from "~/server/privacy/eeo-survey.server";
import { getRetentionSettings, updateRetentionSettings } from "~/server/privacy/retention.server";
import { appDatabase } from "~/server/platform/db.server";
import { getPrivacySettings, updatePrivacySettings } from "~/server/privacy/privacy.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () =>
  pageMeta("Privacy settings", "The privacy notice your apply form shows, how long candidates are kept, and the equal-opportunity survey.");

const ECHO_LIMITS = maxLengthsOf(PrivacySettingsSchema);
const RETENTION_LIMITS = new Map([
  ["retentionMonths", 3],
  ["talentPoolMonths", 3],
]);
const EEO_LIMITS = new Map([["enabled", 10], ...EEO_QUESTION_KEYS.map((key) => [eeoSettingName(key), 10] as [string, number])]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  return { privacy: await getPrivacySettings(db, staff), retention: await getRetentionSettings(db, staff), eeoSurvey: await getEeoSurveySettings(db, staff) };
}

/** Saves the privacy notice: the default, a link or a text (decision 114). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (values.intent === "retention") return saveRetention(staff, values);
  if (values.intent === "eeo-survey") return saveEeoSurvey(staff, values);
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

/** Saves how long candidates are kept (decision 117). */
async function saveRetention(staff: Staff, values: Record<string, string>) {
  const parsed = parseForm(RetentionSettingsSchema, values);
  if (!parsed.success) return settingsInvalid("retention", parsed.errors, echoFormValues(values, RETENTION_LIMITS));
  try {
    await updateRetentionSettings(appDatabase(), staff, parsed.data);
  } catch (error) {
    return settingsRefused("retention", error, { values, limits: RETENTION_LIMITS });
  }
  return settingsSaved(SETTINGS_PATHS.privacy, "retention-saved");
}

/** Saves the equal-opportunity survey: on or off, and its questions (decision 118). */
async function saveEeoSurvey(staff: Staff, values: Record<string, string>) {
  const parsed = parseForm(EeoSurveySettingsSchema, values);
  // Sent back as the form had them, so the boxes stay as they were ticked.
  const echo = { ...echoFormValues(values, EEO_LIMITS), enabled: values.enabled ?? "" };
  if (!parsed.success) return settingsInvalid("eeo-survey", parsed.errors, echo);
  try {
    await updateEeoSurveySettings(appDatabase(), staff, parsed.data);
  } catch (error) {
    return settingsRefused("eeo-survey", error, { values, limits: EEO_LIMITS });
  }
  return settingsSaved(SETTINGS_PATHS.privacy, "eeo-survey-saved");
}

export default function SettingsPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  return <PrivacySection privacy={loaderData.privacy} retention={loaderData.retention} eeoSurvey={loaderData.eeoSurvey} answer={actionData} />;
}

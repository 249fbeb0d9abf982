import type { Route } from "./+types/settings-careers";
import { CareersSection } from "~/features/settings/careers-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { CareersSettingsSchema } from "~/schemas/careers";
import { parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { getCareersSettings, LOGO_FIELD, readCareersForm, updateCareersSettings } from "~/server/careers/careers.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Careers page settings", "Your careers page's address, colour, introduction and logo.");

const ECHO_LIMITS = maxLengthsOf(CareersSettingsSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const settings = await getCareersSettings(appDatabase(), staff);
  return { careers: { ...settings, baseUrl: config.baseUrl } };
}

/** Saves the careers page: its address, colour, introduction, and a new logo or none. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const { values, logo, logoError } = await readCareersForm(request);
  if (values.intent !== "careers") unknownSettingsIntent();
  const parsed = parseForm(CareersSettingsSchema, values);
  if (!parsed.success || logoError) {
    const errors = { ...(parsed.success ? {} : parsed.errors), ...(logoError ? { [LOGO_FIELD]: logoError } : {}) };
    return settingsInvalid("careers", errors, echoFormValues(values, ECHO_LIMITS));
  }
  try {
    await updateCareersSettings(appDatabase(), staff, parsed.data, logo);
  } catch (error) {
    return settingsRefused("careers", error, { values, limits: ECHO_LIMITS });
  }
  return settingsSaved(SETTINGS_PATHS.careers, "careers-saved");
}

export default function SettingsCareers({ loaderData, actionData }: Route.ComponentProps) {
  return <CareersSection careers={loaderData.careers} answer={actionData} />;
}

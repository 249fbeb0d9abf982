import type { Route } from "./+types/settings-company";
import { CompanySection } from "~/features/settings/company-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { CompanySettingsSchema } from "~/schemas/settings";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { getSettings, updateCompanySettings } from "~/server/settings/settings.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Company settings", "Your company's name and website, shown on your job postings.");

/** What the company form may show again after a failure. */
const ECHO_LIMITS = maxLengthsOf(CompanySettingsSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const settings = await getSettings(appDatabase(), staff);
  return { company: { name: settings.companyName, website: settings.website ?? "", isOwner: settings.isOwner } };
}

/** Saves the company's name and website; the service refuses anyone but the owner (403 on the form). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (values.intent !== "company") unknownSettingsIntent();
  const parsed = parseForm(CompanySettingsSchema, values);
  if (!parsed.success) return settingsInvalid("company", parsed.errors, echoFormValues(values, ECHO_LIMITS));
  try {
    await updateCompanySettings(appDatabase(), staff, parsed.data);
  } catch (error) {
    return settingsRefused("company", error, { values, limits: ECHO_LIMITS });
  }
  return settingsSaved(SETTINGS_PATHS.company, "company-saved");
}

export default function SettingsCompany({ loaderData, actionData }: Route.ComponentProps) {
  return <CompanySection company={loaderData.company} answer={actionData} />;
}

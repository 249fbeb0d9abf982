import type { Route } from "./+types/settings-profile";
import { data } from "react-router";
import { CalendarFeedSection } from "~/features/settings/calendar-feed-section";
import { ProfileSection } from "~/features/settings/profile-section";
import type { SettingsAnswer, SettingsForm } from "~/features/settings/settings-answer";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { roleLabel } from "~/lib/role-label";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { ProfileSettingsSchema } from "~/schemas/settings";
import { appDatabase } from "~/server/platform/db.server";
import { getSettings, updateProfileSettings } from "~/server/settings/settings.server";
import { calendarFeedUrl, createCalendarFeed, listCalendarFeeds, resetCalendarFeed } from "~/server/interviews/calendar-feeds.server";
import { config } from "~/server/platform/config.server";
import type { CalendarFeedScope } from "~/schemas/calendar-feed";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import { actionPermission, type RouteAccess } from "~/lib/permissions";
import { authorize, requireStaff } from "~/server/accounts/session.server";

/** What the loader and the action need (app/lib/permissions.ts, decision 096): the company's calendar feed is admins'. */
export const access = {
  loader: "workspace.use",
  action: { "*": "workspace.use", "create-company-calendar-link": "interviews.companyFeed", "reset-company-calendar-link": "interviews.companyFeed" },
} as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Settings", "Your profile: your name, your role, email notifications, mention emails and your calendar feed.");

/** The calendar feed's intents (decision 102): which feed, and whether it is made or reset. */
const CALENDAR_INTENTS: Record<string, { scope: CalendarFeedScope; form: SettingsForm; reset: boolean }> = {
  "create-calendar-link": { scope: "mine", form: "calendar-mine", reset: false },
  "reset-calendar-link": { scope: "mine", form: "calendar-mine", reset: true },
  "create-company-calendar-link": { scope: "company", form: "calendar-company", reset: false },
  "reset-company-calendar-link": { scope: "company", form: "calendar-company", reset: true },
};

/** What the profile form may show again after a failure. */
const ECHO_LIMITS = maxLengthsOf(ProfileSettingsSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const [settings, calendarFeeds] = await Promise.all([getSettings(db, staff), listCalendarFeeds(db, staff)]);
  return {
    calendarFeeds,
    profile: { email: staff.email, fullName: settings.fullName ?? "", role: roleLabel({ isOwner: settings.isOwner, role: staff.role }), emailNotifications: settings.emailNotifications, mentionEmails: settings.mentionEmails },
  };
}

/**
 * Saves the full name and the notification preferences (the spec's Save), or makes or resets a
 * calendar link: that answers the page with the new address (shown once, as only its hash is kept).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action["*"]);
  const values = formValues(await request.formData());
  authorize(staff, actionPermission(access, values.intent));
  const calendar = values.intent !== undefined && Object.hasOwn(CALENDAR_INTENTS, values.intent) ? CALENDAR_INTENTS[values.intent]! : null;
  if (calendar) {
    try {
      const { token } = await (calendar.reset ? resetCalendarFeed : createCalendarFeed)(appDatabase(), staff, calendar.scope);
      return data<SettingsAnswer>({ form: calendar.form, calendarUrl: calendarFeedUrl(config.baseUrl, token) });
    } catch (error) {
      return settingsRefused(calendar.form, error);
    }
  }
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
  return (
    <>
      <ProfileSection profile={loaderData.profile} answer={actionData} />
      <CalendarFeedSection feeds={loaderData.calendarFeeds} answer={actionData} />
    </>
  );
}

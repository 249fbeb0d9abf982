import type { Route } from "./+types/settings-profile";
import { data } from "react-router";
import { AvailabilitySection } from "~/features/settings/availability-section";
import { CalendarFeedSection } from "~/features/settings/calendar-feed-section";
import { ProfileSection } from "~/features/settings/profile-section";
import type { SettingsAnswer, SettingsForm } from "~/features/settings/settings-answer";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { roleLabel } from "~/lib/role-label";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { ProfileSettingsSchema } from "~/schemas/settings";
import { AvailabilityFormSchema, BlockedTimeSchema, WEEKDAYS } from "~/schemas/availability";
import { formatZonedSpan } from "~/schemas/zoned-time";
import { appDatabase } from "~/server/platform/db.server";
import { getSettings, updateProfileSettings } from "~/server/settings/settings.server";
import { addBlockedTime, getAvailability, listBlockedTimes, removeBlockedTime, updateAvailability } from "~/server/settings/availability.server";
import { knownTimeZones, requestTimeZone } from "~/server/platform/time-zone.server";
import { calendarFeedUrl, createCalendarFeed, listCalendarFeeds, resetCalendarFeed } from "~/server/interviews/calendar-feeds.server";
import { config } from "~/server/platform/config.server";
import type { CalendarFeedScope } from "~/schemas/calendar-feed";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import { actionPermission, type RouteAccess } from "~/lib/permissions";
import { authorize, requireStaff } from "~/server/accounts/session.server";

/**
 * What the loader and the action need (app/lib/permissions.ts, decision 096): the company's calendar
 * feed is admins'. Every member keeps their own profile, availability and blocked times ("*").
 */
export const access = {
  loader: "workspace.use",
  action: { "*": "workspace.use", "create-company-calendar-link": "interviews.companyFeed", "reset-company-calendar-link": "interviews.companyFeed" },
} as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Settings", "Your profile: your name, your role, email notifications, mention emails, your availability for interviews and your calendar feed.");

/** The calendar feed's intents (decision 102): which feed, and whether it is made or reset. */
const CALENDAR_INTENTS: Record<string, { scope: CalendarFeedScope; form: SettingsForm; reset: boolean }> = {
  "create-calendar-link": { scope: "mine", form: "calendar-mine", reset: false },
  "reset-calendar-link": { scope: "mine", form: "calendar-mine", reset: true },
  "create-company-calendar-link": { scope: "company", form: "calendar-company", reset: false },
  "reset-company-calendar-link": { scope: "company", form: "calendar-company", reset: true },
};

/** What the profile form may show again after a failure. */
const ECHO_LIMITS = maxLengthsOf(ProfileSettingsSchema);

/** What the availability form may show again: the zone and each weekday's box and times (its fields are flat, the schema's are not). */
const AVAILABILITY_ECHO_LIMITS = new Map<string, number>([
  ["timeZone", 64],
  ...WEEKDAYS.flatMap(({ day }) => [[`day-${day}`, 2] as const, [`start-${day}`, 5] as const, [`end-${day}`, 5] as const]),
]);

/** What the blocked time form may show again. */
const BLOCKED_TIME_ECHO_LIMITS = maxLengthsOf(BlockedTimeSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const [settings, calendarFeeds, availability, blockedTimes] = await Promise.all([getSettings(db, staff), listCalendarFeeds(db, staff), getAvailability(db, staff), listBlockedTimes(db, staff)]);
  // Until the member saves a zone: the browser's (the staff pages' `tz` cookie), else UTC.
  const timeZone = availability.timeZone ?? requestTimeZone(request);
  return {
    calendarFeeds,
    profile: { email: staff.email, fullName: settings.fullName ?? "", role: roleLabel({ isOwner: settings.isOwner, role: staff.role }), emailNotifications: settings.emailNotifications, mentionEmails: settings.mentionEmails },
    availability: {
      timeZone,
      timeZoneSaved: availability.timeZone !== null,
      workingHours: availability.workingHours,
      blockedTimes: blockedTimes.map((blocked) => ({ id: blocked.id, when: formatZonedSpan(blocked.startsAt, blocked.endsAt, timeZone), reason: blocked.reason })),
    },
    timeZones: knownTimeZones(),
  };
}

/**
 * Saves the full name and the notification preferences (the spec's Save); saves the member's
 * availability, or adds or removes one of their blocked times (decision 103); or makes or resets a
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
  if (values.intent === "availability") {
    const parsed = parseForm(AvailabilityFormSchema, values);
    if (!parsed.success) return settingsInvalid("availability", parsed.errors, echoFormValues(values, AVAILABILITY_ECHO_LIMITS));
    try {
      await updateAvailability(appDatabase(), staff, parsed.data);
    } catch (error) {
      return settingsRefused("availability", error, { values, limits: AVAILABILITY_ECHO_LIMITS });
    }
    return settingsSaved(SETTINGS_PATHS.profile, "availability-saved");
  }
  if (values.intent === "add-blocked-time") {
    const parsed = parseForm(BlockedTimeSchema, values);
    if (!parsed.success) return settingsInvalid("blocked-time", parsed.errors, echoFormValues(values, BLOCKED_TIME_ECHO_LIMITS));
    try {
      await addBlockedTime(appDatabase(), staff, parsed.data);
    } catch (error) {
      return settingsRefused("blocked-time", error, { values, limits: BLOCKED_TIME_ECHO_LIMITS });
    }
    return settingsSaved(SETTINGS_PATHS.profile, "blocked-time-added");
  }
  if (values.intent === "remove-blocked-time") {
    try {
      // Another member's, another company's or a malformed id: a 404, as for any row one cannot see.
      await removeBlockedTime(appDatabase(), staff, values.blockedTimeId ?? "");
    } catch (error) {
      return settingsRefused("blocked-time", error);
    }
    return settingsSaved(SETTINGS_PATHS.profile, "blocked-time-removed");
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
      <AvailabilitySection availability={loaderData.availability} timeZones={loaderData.timeZones} answer={actionData} />
      <CalendarFeedSection feeds={loaderData.calendarFeeds} answer={actionData} />
    </>
  );
}

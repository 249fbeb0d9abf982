import { isTimeZone, zonedTimeToInstant } from "./zoned-time";
import { z } from "./zod";

/*
 * A member's availability for interviews (issue 14, decision 103): their time zone, their weekly
 * working hours in it, and times they have blocked. Self-scheduling links offer the slots where
 * every interviewer is working and free.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [
  { day: 1, name: "Monday" },
  { day: 2, name: "Tuesday" },
  { day: 3, name: "Wednesday" },
  { day: 4, name: "Thursday" },
  { day: 5, name: "Friday" },
  { day: 6, name: "Saturday" },
  { day: 7, name: "Sunday" },
] as const;

/** One working period of a weekday, "HH:MM" to "HH:MM" in the member's zone. */
export interface WorkingPeriod {
  day: number;
  start: string;
  end: string;
}

/** Until a member says otherwise: Monday to Friday, 09:00 to 17:00. */
export const DEFAULT_WORKING_HOURS: readonly WorkingPeriod[] = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of "HH:MM" (24:00 is not written: a period ends by 23:59 at the latest). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const WorkingPeriodSchema = z
  .object({
    day: z.number().int().min(1).max(7),
    start: z.string().regex(HHMM, "Enter a time (HH:MM)"),
    end: z.string().regex(HHMM, "Enter a time (HH:MM)"),
  })
  .refine((period) => minutesOf(period.end) > minutesOf(period.start), { message: "Each day's hours end after they start.", path: ["end"] });

/** A weekday's hours as they arrive, checked by WorkingPeriodSchema below so its messages name the form's fields. */
const WorkingPeriodInputSchema = z.object({ day: z.number().int().min(1).max(7), start: z.string(), end: z.string() });

/**
 * Settings › Profile, "Availability": the zone and, per weekday, whether the member works and from
 * when to when. The form sends `day-<n>` ("on" when working), `start-<n>` and `end-<n>`; a day's
 * messages land beside its own fields (`start-3`, `end-3`). The periods come out in weekday order.
 */
export const AvailabilitySchema = z
  .object({
    timeZone: z.string({ error: "Time zone is required" }).trim().min(1, "Time zone is required").refine(isTimeZone, "Choose a time zone from the list"),
    workingHours: z.array(WorkingPeriodInputSchema).max(7),
  })
  .superRefine(({ workingHours }, ctx) => {
    const days = new Set<number>();
    for (const period of workingHours) {
      if (days.has(period.day)) ctx.addIssue({ code: "custom", path: ["workingHours"], message: "Each weekday has one period." });
      days.add(period.day);
      const checked = WorkingPeriodSchema.safeParse(period);
      if (checked.success) continue;
      for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", path: [`${String(issue.path[0] ?? "end")}-${period.day}`], message: issue.message });
    }
  })
  // The zone as Intl spells it ("europe/berlin" is kept as "Europe/Berlin").
  .transform(({ timeZone, workingHours }) => ({
    timeZone: new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone,
    workingHours: [...workingHours].sort((a, b) => a.day - b.day),
  }));

export type AvailabilityInput = z.infer<typeof AvailabilitySchema>;

/** The availability form's fields as they arrive (FormData, or its values as `formValues` reads them). */
export function availabilityFormInput(formData: FormData | Readonly<Record<string, unknown>>): Record<string, unknown> {
  const value = (name: string) => {
    const v = formData instanceof FormData ? formData.get(name) : formData[name];
    return typeof v === "string" ? v : "";
  };
  return {
    timeZone: value("timeZone"),
    workingHours: WEEKDAYS.filter(({ day }) => value(`day-${day}`) === "on").map(({ day }) => ({ day, start: value(`start-${day}`), end: value(`end-${day}`) })),
  };
}

/** AvailabilitySchema over the form's flat values: what the browser and the action both check. */
export const AvailabilityFormSchema = z.preprocess(
  (values) => availabilityFormInput(typeof values === "object" && values !== null ? (values as Record<string, unknown>) : {}),
  AvailabilitySchema,
);

/** A blocked time: from a date and time to a date and time, in the member's zone. */
export const BlockedTimeSchema = z
  .object({
    startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "From date is required"),
    startTime: z.string().regex(HHMM, "From time is required (HH:MM)"),
    endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Until date is required"),
    endTime: z.string().regex(HHMM, "Until time is required (HH:MM)"),
    timeZone: z.string().refine(isTimeZone, "Choose a time zone"),
    reason: z.string().trim().max(200, "Reason is at most 200 characters").default(""),
  })
  .transform((input, ctx) => {
    const startsAt = zonedTimeToInstant(input.startDate, input.startTime, input.timeZone);
    const endsAt = zonedTimeToInstant(input.endDate, input.endTime, input.timeZone);
    if (!startsAt || !endsAt) {
      ctx.addIssue({ code: "custom", path: [startsAt ? "endTime" : "startTime"], message: `That time does not exist in ${input.timeZone} (daylight saving). Choose another.` });
      return z.NEVER;
    }
    if (endsAt <= startsAt) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "A blocked time ends after it starts." });
      return z.NEVER;
    }
    if (endsAt.getTime() - startsAt.getTime() > 366 * 24 * 3_600_000) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "A blocked time is at most a year long." });
      return z.NEVER;
    }
    return { startsAt, endsAt, reason: input.reason };
  });

export type BlockedTimeInput = z.infer<typeof BlockedTimeSchema>;

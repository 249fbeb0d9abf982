import { INTERVIEW_DURATION } from "./interview";
import { isTimeZone } from "./zoned-time";
import { z } from "./zod";

/*
 * Self-scheduling links (issue 14, decision 103): instead of a fixed time, the candidate gets a link
 * offering the slots where every interviewer is working and free, and books one without an account.
 */

/** How far ahead a link offers times; the link expires at the end of it. */
export const SCHEDULING_WINDOW_DAYS = [7, 14, 21, 28] as const;
export const DEFAULT_SCHEDULING_WINDOW_DAYS = 14;
/** The least notice a booking gives, in hours. */
export const SCHEDULING_MIN_NOTICE_HOURS = [1, 4, 12, 24, 48] as const;
export const DEFAULT_SCHEDULING_MIN_NOTICE_HOURS = 24;
/** Free time kept before and after the interviewers' other interviews, in minutes. */
export const SCHEDULING_BUFFER_MINUTES = [0, 10, 15, 30] as const;
export const DEFAULT_SCHEDULING_BUFFER_MINUTES = 15;
/** Slots start on the quarter hour: every 15 minutes where everyone is free. */
export const SLOT_STEP_MINUTES = 15;

const oneOf = (values: readonly number[], message: string) =>
  z.coerce.number({ error: message }).refine((value) => values.includes(value), message);

export const SchedulingLinkSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is at most 200 characters"),
  durationMinutes: z.coerce
    .number({ error: "Duration is required" })
    .int("Duration is whole minutes")
    .min(INTERVIEW_DURATION.min, `Duration is at least ${INTERVIEW_DURATION.min} minutes`)
    .max(INTERVIEW_DURATION.max, `Duration is at most ${INTERVIEW_DURATION.max / 60} hours`),
  interviewerIds: z
    .array(z.string().min(1).max(100))
    .min(1, "Choose at least one interviewer.")
    .max(10, "At most 10 interviewers.")
    .transform((ids) => [...new Set(ids)]),
  windowDays: oneOf(SCHEDULING_WINDOW_DAYS, "Choose how far ahead to offer times."),
  minNoticeHours: oneOf(SCHEDULING_MIN_NOTICE_HOURS, "Choose the least notice."),
  bufferMinutes: oneOf(SCHEDULING_BUFFER_MINUTES, "Choose a buffer."),
  location: z.string().trim().max(500, "Location is at most 500 characters").default(""),
  notesForInterviewers: z.string().trim().max(5000, "Notes are at most 5,000 characters").default(""),
});

export type SchedulingLinkInput = z.infer<typeof SchedulingLinkSchema>;

/** The form's fields as they arrive (interviewers repeat). */
export function schedulingLinkFormInput(formData: FormData): Record<string, unknown> {
  const value = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v : undefined;
  };
  return {
    title: value("title"),
    durationMinutes: value("durationMinutes"),
    interviewerIds: formData.getAll("interviewerIds").filter((v): v is string => typeof v === "string"),
    windowDays: value("windowDays"),
    minNoticeHours: value("minNoticeHours"),
    bufferMinutes: value("bufferMinutes"),
    location: value("location"),
    notesForInterviewers: value("notesForInterviewers"),
  };
}

/** The candidate's pick: a slot's start (an instant) and the zone they read it in. */
export const SlotPickSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: "Pick a time." }).transform((value) => new Date(value)),
  timeZone: z.string().refine(isTimeZone, "Choose a time zone").catch("UTC"),
});

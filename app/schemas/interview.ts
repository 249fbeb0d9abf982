import { isTimeZone, zonedTimeToInstant } from "./zoned-time";
import { z } from "./zod";

/** How long an interview may be, in minutes (the database checks the same range). */
export const INTERVIEW_DURATION = { min: 5, max: 720 } as const;
export const INTERVIEW_DURATIONS = [15, 30, 45, 60, 90, 120] as const;

/**
 * Scheduling or rescheduling an interview (decision 102): a date, a start time and a duration in an
 * IANA time zone, which together are one instant; a time the zone's clocks skip is refused.
 */
export const InterviewSchema = z
  .object({
    title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is at most 200 characters"),
    date: z.string({ error: "Date is required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Date is required"),
    startTime: z.string({ error: "Start time is required" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Start time is required (HH:MM)"),
    durationMinutes: z.coerce
      .number({ error: "Duration is required" })
      .int("Duration is whole minutes")
      .min(INTERVIEW_DURATION.min, `Duration is at least ${INTERVIEW_DURATION.min} minutes`)
      .max(INTERVIEW_DURATION.max, `Duration is at most ${INTERVIEW_DURATION.max / 60} hours`),
    timeZone: z.string({ error: "Time zone is required" }).refine(isTimeZone, "Choose a time zone"),
    interviewerIds: z.array(z.string().min(1).max(100)).min(1, "Choose at least one interviewer.").max(20, "At most 20 interviewers."),
    location: z.string().trim().max(500, "Location is at most 500 characters").default(""),
    notesForInterviewers: z.string().trim().max(5000, "Notes are at most 5,000 characters").default(""),
  })
  .transform((input, ctx) => {
    const startsAt = zonedTimeToInstant(input.date, input.startTime, input.timeZone);
    if (!startsAt) {
      ctx.addIssue({
        code: "custom",
        path: ["startTime"],
        message: `${input.startTime} on ${input.date} does not exist in ${input.timeZone}: the clocks skip it (daylight saving). Choose another time.`,
      });
      return z.NEVER;
    }
    return { ...input, interviewerIds: [...new Set(input.interviewerIds)], startsAt };
  });

export type InterviewInput = z.infer<typeof InterviewSchema>;

/** The form's fields as they arrive (interviewers repeat). */
export function interviewFormInput(formData: FormData): Record<string, unknown> {
  const value = (name: string) => {
    const v = formData.get(name);
    return typeof v === "string" ? v : undefined;
  };
  return {
    title: value("title"),
    date: value("date"),
    startTime: value("startTime"),
    durationMinutes: value("durationMinutes"),
    timeZone: value("timeZone"),
    interviewerIds: formData.getAll("interviewerIds").filter((v): v is string => typeof v === "string"),
    location: value("location"),
    notesForInterviewers: value("notesForInterviewers"),
  };
}

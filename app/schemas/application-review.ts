import { z } from "./zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID; anything else can never name a row. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export const APPLICATION_STATUSES = ["active", "withdrawn", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const id = (message: string) => z.string().refine(isUuid, message);

/** The board's drag and drop, and the application page's stage select. */
export const MoveApplicationSchema = z.object({
  intent: z.literal("move"),
  applicationId: id("Application not found"),
  stageId: id("Please choose a stage"),
});
export type MoveApplicationInput = z.infer<typeof MoveApplicationSchema>;

/** Reject, withdraw or reactivate from the application page. */
export const ChangeStatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(APPLICATION_STATUSES, { error: "Please choose a status" }),
});
export type ChangeStatusInput = z.infer<typeof ChangeStatusSchema>;

/** Status badge colours of the spec: active green, withdrawn grey, rejected red, anything else blue. */
export function applicationStatusTone(status: string): "green" | "grey" | "red" | "blue" {
  return status === "active" ? "green" : status === "withdrawn" ? "grey" : status === "rejected" ? "red" : "blue";
}

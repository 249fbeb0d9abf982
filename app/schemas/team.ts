import { ROLES, TEAM_ROLES } from "./roles";
import { z } from "./zod";

const role = z.enum(ROLES, { error: "Choose a role" });

export const InviteMemberSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Invalid email address")
    .pipe(z.email("Invalid email address")),
  /** Recruiter unless chosen, as every invitation gave before roles (decision 096). */
  role: role.default("recruiter"),
});

/** An admin gives a member another role (decision 096). */
export const ChangeRoleSchema = z.object({ memberId: z.string().min(1, "Member not found").max(100), role });

/** A job's hiring team (decision 096): put a member on it as a hiring manager, recruiter or interviewer, or take them off. */
export const HiringTeamActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-member"),
    userId: z.string().min(1, "Choose a teammate").max(100),
    teamRole: z.enum(TEAM_ROLES, { error: "Choose their part" }),
  }),
  z.object({ intent: z.literal("remove-member"), userId: z.string().min(1).max(100) }),
]);

/** Ask teammates for their feedback on an application. */
export const RequestFeedbackSchema = z.object({
  reviewerIds: z.array(z.string().min(1).max(100)).min(1, "Choose at least one teammate to ask.").max(50, "Ask at most 50 teammates at once."),
});

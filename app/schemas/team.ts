import { z } from "./zod";

export const InviteMemberSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Invalid email address")
    .pipe(z.email("Invalid email address")),
});

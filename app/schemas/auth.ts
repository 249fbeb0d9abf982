import { CompanyNameSchema, FullNameSchema, optionalName } from "./names";
import { z } from "./zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Invalid email address")
  .pipe(z.email("Invalid email address"));

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * Sign-up: who signs up and their company (asked, optional: the spec's form has only the next three
 * fields), and the spec's email, password and confirmation.
 */
export const RegisterSchema = z
  .object({
    fullName: optionalName(FullNameSchema),
    companyName: optionalName(CompanyNameSchema),
    email,
    password: PasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((values) => values.confirmPassword === "" || values.password === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** Forgot password: only the email. */
export const ForgotPasswordSchema = z.object({ email });

/** Reset password: the register form's password rules. */
export const ResetPasswordSchema = z
  .object({
    password: PasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((values) => values.confirmPassword === "" || values.password === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

const code = z
  .string({ error: "Enter the 6-digit code" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code"));

/** One-time code sign-in, step 1: where to send the code. */
export const SignInCodeRequestSchema = z.object({ email });

/** One-time code sign-in, step 2: the code from the email. */
export const SignInCodeSchema = z.object({ email, code });

/** The second step of sign-in: an authenticator code or a recovery code. */
export const TwoFactorChallengeSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code, trustDevice: z.string().optional() }),
  z.object({
    method: z.literal("recovery"),
    code: z.string({ error: "Enter a recovery code" }).trim().min(1, "Enter a recovery code"),
    trustDevice: z.string().optional(),
  }),
]);

/** Enrolment confirmation: a code from the authenticator app. */
export const TwoFactorCodeSchema = z.object({ code });

/** Actions that ask for the password again (start or turn off two-factor authentication). */
export const ConfirmPasswordSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
    signOutOthers: z.string().optional(),
  })
  .refine((values) => values.confirmPassword === "" || values.newPassword === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** Registering through an invitation: the email is the invitation's, the company the inviter's. */
export const InvitationRegisterSchema = z
  .object({
    fullName: FullNameSchema,
    password: PasswordSchema,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((values) => values.confirmPassword === "" || values.password === values.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** Shown for a used, expired or unknown password reset link. */
export const INVALID_RESET_LINK = "This reset link is invalid or has expired. Please request a new one.";

import { route } from "@react-router/dev/routes";

/** Sign-in, sign-up, sign-out, password recovery, codes, two-factor, invitations. */
export const authRoutes = [
  route("login", "routes/auth/login.tsx"),
  route("login/code", "routes/auth/login-code.tsx"),
  route("login/two-factor", "routes/auth/two-factor.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("invitations/:token", "routes/auth/invitation.tsx"),
];

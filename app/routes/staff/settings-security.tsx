import QRCode from "qrcode";
import { data, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/settings-security";
import type { loader as staffLayoutLoader } from "./layout";
import { SecuritySection } from "~/features/settings/security-section";
import type { SettingsAnswer, SettingsForm } from "~/features/settings/settings-answer";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { describeUserAgent } from "~/lib/user-agent";
import { ChangePasswordSchema, ConfirmPasswordSchema, TwoFactorCodeSchema } from "~/schemas/auth";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders, requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import type { NoticeCode } from "~/server/platform/notice.server";
import { changePassword } from "~/server/accounts/passwords.server";
import { confirmTwoFactorEnrolment, disableTwoFactor, getAccountSecurity, listSessions, revokeSession, type SignOutScope, signOutSessions, startTwoFactorEnrolment } from "~/server/accounts/security.server";
import { limitPasswordAttempts, settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "workspace.use", action: "workspace.use" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Security settings", "Your password, two-factor authentication and signed-in devices.");

/** A 429's Retry-After reaches the document response too (forms without JavaScript). */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const [security, sessions] = await Promise.all([getAccountSecurity(db, staff.userId), listSessions(db, staff)]);
  return {
    twoFactorEnabled: security.twoFactorEnabled,
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.current,
      device: describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress || "Unknown",
      lastActiveAt: s.lastActiveAt.toISOString(),
    })),
  };
}

/** The form a security intent belongs to: the sign-out buttons and each device's Sign out share the sessions list. */
function formOf(intent: string): SettingsForm {
  return intent.startsWith("signout-") || intent === "revoke-session" ? "sessions" : (intent as SettingsForm);
}

const done = (notice: NoticeCode, cookies?: string[]) => settingsSaved(SETTINGS_PATHS.security, notice, cookies);

/** The password, two-factor authentication and sessions; the other sections' intents are refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  const db = appDatabase();
  const headers = authHeaders(request, context);
  const intent = values.intent ?? "";
  const form = formOf(intent);

  try {
    switch (intent) {
      case "password": {
        const parsed = parseForm(ChangePasswordSchema, values);
        if (!parsed.success) return settingsInvalid(form, parsed.errors);
        await limitPasswordAttempts(db, staff, "currentPassword");
        const cookies = await changePassword(
          appAuth(),
          { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, signOutOthers: parsed.data.signOutOthers === "on" },
          headers,
        );
        return done(parsed.data.signOutOthers === "on" ? "password-changed-signed-out" : "password-changed", cookies);
      }
      case "2fa-start": {
        const parsed = parseForm(ConfirmPasswordSchema, values);
        if (!parsed.success) return settingsInvalid(form, parsed.errors);
        await limitPasswordAttempts(db, staff, "password");
        const enrolment = await startTwoFactorEnrolment(appAuth(), parsed.data.password, headers);
        const qrDataUrl = await QRCode.toDataURL(enrolment.totpUri, { margin: 1, width: 200 });
        return data<SettingsAnswer>({ form, enrolment: { ...enrolment, qrDataUrl } });
      }
      case "2fa-confirm": {
        // The secret travels back only to show the same QR code again after a wrong code.
        const totpUri = values.totpUri ?? "";
        const recoveryCodes = (values.recoveryCodes ?? "").split(/\s+/).filter(Boolean);
        const parsed = parseForm(TwoFactorCodeSchema, values);
        const again = async (errors: FieldErrors, init: ResponseInit = { status: 400 }) => {
          const manualKey = totpUri.startsWith("otpauth://") ? (new URL(totpUri).searchParams.get("secret") ?? "") : "";
          const qrDataUrl = manualKey ? await QRCode.toDataURL(totpUri, { margin: 1, width: 200 }) : "";
          return data<SettingsAnswer>({ form: "2fa-start", errors, enrolment: { qrDataUrl, manualKey, totpUri, recoveryCodes } }, init);
        };
        if (!parsed.success) return again(parsed.errors);
        try {
          const cookies = await confirmTwoFactorEnrolment(appAuth(), parsed.data.code, headers);
          return data<SettingsAnswer>({ form, recoveryCodes }, { headers: cookieHeaders(cookies) });
        } catch (error) {
          const answer = answerDomainError(error, { field: "code" });
          return again(answer.errors, answer.init);
        }
      }
      case "2fa-disable": {
        const parsed = parseForm(ConfirmPasswordSchema, values);
        if (!parsed.success) return settingsInvalid(form, parsed.errors);
        await limitPasswordAttempts(db, staff, "password");
        const cookies = await disableTwoFactor(appAuth(), parsed.data.password, headers);
        return done("two-factor-off", cookies);
      }
      case "signout-this":
      case "signout-others":
      case "signout-all": {
        const scope = intent.slice("signout-".length) as SignOutScope;
        const cookies = await signOutSessions(db, appAuth(), staff, scope, headers);
        if (scope === "others") return done("signed-out-others");
        return redirect("/login", { headers: cookieHeaders(cookies) });
      }
      case "revoke-session": {
        await revokeSession(db, staff, values.sessionId ?? "");
        return done("session-ended");
      }
      default:
        return unknownSettingsIntent();
    }
  } catch (error) {
    // Never a password back: these forms show nothing they were sent.
    return settingsRefused(form, error);
  }
}

export default function SettingsSecurity({ loaderData, actionData }: Route.ComponentProps) {
  // The layout shows the notice of the last save; its id tells the password form that a change just succeeded.
  const layout = useRouteLoaderData<typeof staffLayoutLoader>("routes/staff/layout");
  return <SecuritySection data={loaderData} answer={actionData} noticeId={layout?.notice?.id} />;
}

import QRCode from "qrcode";
import { data, redirect, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/settings";
import type { loader as staffLayoutLoader } from "./layout";
import { type SettingsAnswer, SettingsPage } from "~/features/settings/settings-page";
import { pageMeta } from "~/lib/meta";
import { roleLabel } from "~/lib/role-label";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { describeUserAgent } from "~/lib/user-agent";
import { ChangePasswordSchema, ConfirmPasswordSchema, TwoFactorCodeSchema } from "~/schemas/auth";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { CompanySettingsSchema, ProfileSettingsSchema } from "~/schemas/settings";
import { InviteMemberSchema } from "~/schemas/team";
import { isUuid } from "~/schemas/id";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { cookieHeaders, requireStaff, type Staff } from "~/server/accounts/session.server";
import { config } from "~/server/platform/config.server";
import { appDatabase, type Database } from "~/server/platform/db.server";
import { appMailer } from "~/server/mail/mailer.server";
import { answerDomainError, onField } from "~/server/platform/errors.server";
import { changePassword } from "~/server/accounts/passwords.server";
import { confirmTwoFactorEnrolment, disableTwoFactor, getAccountSecurity, listSessions, revokeSession, type SignOutScope, signOutSessions, startTwoFactorEnrolment } from "~/server/accounts/security.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { getSettings, updateCompanySettings, updateProfileSettings } from "~/server/settings/settings.server";
import { inviteMember, listTeam, removeMember, revokeInvitation } from "~/server/team/team.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { type NoticeCode, redirectWithNotice } from "~/server/platform/notice.server";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";

export const meta: Route.MetaFunction = () => pageMeta("Settings", "Your profile, company, security and team.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context);
  const db = appDatabase();
  const [settings, security, sessions, team] = await Promise.all([
    getSettings(db, staff),
    getAccountSecurity(db, staff.userId),
    listSessions(db, staff),
    listTeam(db, staff),
  ]);
  return {
    email: staff.email,
    profile: { fullName: settings.fullName ?? "", role: roleLabel(settings.isOwner), emailNotifications: settings.emailNotifications },
    company: { name: settings.companyName, website: settings.website ?? "", isOwner: settings.isOwner },
    security,
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.current,
      device: describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress || "Unknown",
      lastActiveAt: s.lastActiveAt.toISOString(),
    })),
    team: {
      isOwner: team.isOwner,
      members: team.members.map((m) => ({ userId: m.userId, email: m.email, fullName: m.fullName, owner: m.owner, you: m.userId === staff.userId })),
      invitations: team.invitations.map((i) => ({ id: i.id, email: i.email, expiresAt: i.expiresAt.toISOString(), expired: i.expired })),
    },
  };
}

/** Which form an answer belongs to, so each section shows only its own errors. */
export type SettingsForm = "profile" | "company" | "password" | "2fa-start" | "2fa-confirm" | "2fa-disable" | "sessions" | "team";

export interface SettingsActionData {
  form: SettingsForm;
  errors?: FieldErrors;
  values?: Record<string, string>;
  enrolment?: { qrDataUrl: string; manualKey: string; totpUri: string; recoveryCodes: string[] };
  recoveryCodes?: string[];
}

/** Back to Settings saying what was done; `cookies` are a changed session's, sent beside the notice. */
const done = (notice: NoticeCode, cookies: string[] = []) => redirectWithNotice("/settings", notice, { headers: cookieHeaders(cookies) });
/** What each form may show again after a failure: its own fields, none longer than its maximum. */
const ECHO_LIMITS: Partial<Record<SettingsForm, ReadonlyMap<string, number>>> = {
  profile: maxLengthsOf(ProfileSettingsSchema),
  company: maxLengthsOf(CompanySettingsSchema),
  team: maxLengthsOf(InviteMemberSchema),
};

const invalid = (form: SettingsForm, errors: FieldErrors, values?: Record<string, string>, init: ResponseInit = { status: 400 }) =>
  data<SettingsActionData>({ form, errors, values }, init);

/** A 429's Retry-After reaches the document response too (forms without JavaScript). */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/**
 * Re-entering the password is limited per account like sign-in, so a stolen session cannot guess the
 * password (and then turn two-factor authentication off). The answer goes next to the password field.
 */
async function limitPasswordAttempts(db: Database, staff: Staff, field: string): Promise<void> {
  try {
    await consumeRateLimit(db, RATE_LIMITS.passwordConfirmAccount, staff.userId);
  } catch (error) {
    throw onField(error, field);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context);
  const values = formValues(await request.formData());
  const db = appDatabase();
  const headers = authHeaders(request, context);
  const intent = values.intent ?? "";
  const form: SettingsForm = intent.startsWith("2fa-")
    ? (intent as SettingsForm)
    : intent.startsWith("signout") || intent === "revoke-session"
      ? "sessions"
      : ["invite", "revoke-invitation", "remove-member"].includes(intent)
        ? "team"
        : (intent as SettingsForm);

  try {
    switch (intent) {
      case "profile": {
        const parsed = parseForm(ProfileSettingsSchema, values);
        if (!parsed.success) return invalid(form, parsed.errors, echoFormValues(values, ECHO_LIMITS[form] ?? new Map()));
        await updateProfileSettings(db, staff, parsed.data);
        return done("profile-saved");
      }
      case "company": {
        const parsed = parseForm(CompanySettingsSchema, values);
        if (!parsed.success) return invalid(form, parsed.errors, echoFormValues(values, ECHO_LIMITS[form] ?? new Map()));
        await updateCompanySettings(db, staff, parsed.data);
        return done("company-saved");
      }
      case "password": {
        const parsed = parseForm(ChangePasswordSchema, values);
        if (!parsed.success) return invalid(form, parsed.errors);
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
        if (!parsed.success) return invalid(form, parsed.errors);
        await limitPasswordAttempts(db, staff, "password");
        const enrolment = await startTwoFactorEnrolment(appAuth(), parsed.data.password, headers);
        const qrDataUrl = await QRCode.toDataURL(enrolment.totpUri, { margin: 1, width: 200 });
        return data<SettingsActionData>({ form, enrolment: { ...enrolment, qrDataUrl } });
      }
      case "2fa-confirm": {
        // The secret travels back only to show the same QR code again after a wrong code.
        const totpUri = values.totpUri ?? "";
        const recoveryCodes = (values.recoveryCodes ?? "").split(/\s+/).filter(Boolean);
        const parsed = parseForm(TwoFactorCodeSchema, values);
        const again = async (errors: FieldErrors, init: ResponseInit = { status: 400 }) => {
          const manualKey = totpUri.startsWith("otpauth://") ? (new URL(totpUri).searchParams.get("secret") ?? "") : "";
          const qrDataUrl = manualKey ? await QRCode.toDataURL(totpUri, { margin: 1, width: 200 }) : "";
          return data<SettingsActionData>({ form: "2fa-start", errors, enrolment: { qrDataUrl, manualKey, totpUri, recoveryCodes } }, init);
        };
        if (!parsed.success) return again(parsed.errors);
        try {
          const cookies = await confirmTwoFactorEnrolment(appAuth(), parsed.data.code, headers);
          return data<SettingsActionData>({ form, recoveryCodes }, { headers: cookieHeaders(cookies) });
        } catch (error) {
          const answer = answerDomainError(error, { field: "code" });
          return again(answer.errors, answer.init);
        }
      }
      case "2fa-disable": {
        const parsed = parseForm(ConfirmPasswordSchema, values);
        if (!parsed.success) return invalid(form, parsed.errors);
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
      case "invite": {
        const parsed = parseForm(InviteMemberSchema, values);
        if (!parsed.success) return invalid(form, parsed.errors, echoFormValues(values, ECHO_LIMITS[form] ?? new Map()));
        await consumeRateLimit(db, RATE_LIMITS.invitation, context.get(clientIpContext));
        await consumeRateLimit(db, RATE_LIMITS.invitationAccount, staff.userId);
        await inviteMember(db, appMailer(), staff, parsed.data, config.baseUrl);
        return done("invitation-sent");
      }
      case "revoke-invitation": {
        if (!isUuid(values.invitationId)) throw data("Invitation not found", { status: 404 });
        await revokeInvitation(db, staff, values.invitationId);
        return done("invitation-revoked");
      }
      case "remove-member": {
        await removeMember(db, staff, values.memberId ?? "");
        return done("member-removed");
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    const answer = answerDomainError(error);
    // Only the forms' own fields are shown again (never a password).
    const echoLimits = ECHO_LIMITS[form];
    return invalid(form, answer.errors, echoLimits ? echoFormValues(values, echoLimits) : undefined, answer.init);
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  // The layout shows the notice of the last save; its id tells the page that a save just succeeded.
  const layout = useRouteLoaderData<typeof staffLayoutLoader>("routes/staff/layout");
  return <SettingsPage data={loaderData} actionData={actionData as SettingsAnswer | undefined} noticeId={layout?.notice?.id} />;
}

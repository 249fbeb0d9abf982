import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { roleLabel } from "~/lib/role-label";
import { ChangePasswordSchema, ConfirmPasswordSchema, PASSWORD_MIN_LENGTH, TwoFactorCodeSchema } from "~/schemas/auth";
import type { FieldErrors } from "~/schemas/parse-form";
import { CompanySettingsSchema, ProfileSettingsSchema } from "~/schemas/settings";
import { InviteMemberSchema } from "~/schemas/team";

export interface SettingsData {
  email: string;
  profile: { fullName: string; role: string; emailNotifications: boolean };
  company: { name: string; website: string; isOwner: boolean };
  security: { emailVerified: boolean; twoFactorEnabled: boolean | null };
  sessions: { id: string; current: boolean; device: string; ipAddress: string; lastActiveAt: string }[];
  team: {
    isOwner: boolean;
    members: { userId: string; email: string; fullName: string | null; owner: boolean; you: boolean }[];
    invitations: { id: string; email: string; expiresAt: string; expired: boolean }[];
  };
}

export interface SettingsAnswer {
  form: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
  enrolment?: { qrDataUrl: string; manualKey: string; totpUri: string; recoveryCodes: string[] };
  recoveryCodes?: string[];
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Subsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 pt-5 first:border-t-0 first:pt-0">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </div>
  );
}

/** A date in the reader's own locale and time zone. */
function LocalTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function errorsFor(answer: SettingsAnswer | undefined, form: string) {
  return answer?.form === form ? answer.errors : undefined;
}

function ProfileForm({ data, answer }: { data: SettingsData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(ProfileSettingsSchema, errorsFor(answer, "profile"));
  const busy = useBusy("profile");
  const values = answer?.form === "profile" ? answer.values : undefined;
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Full name" name="fullName" autoComplete="name" defaultValue={values?.fullName ?? data.profile.fullName} error={errors.fullName} />
        <Field label="Role" name="role" value={data.profile.role} readOnly disabled hint="Set by your company." />
      </div>
      <Field label="Email" name="email" type="email" value={data.email} readOnly disabled />
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="emailNotifications"
          defaultChecked={values ? values.emailNotifications === "on" : data.profile.emailNotifications}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600"
        />
        <span className="text-sm">
          <span className="font-medium text-slate-900">Email notifications</span>
          <span className="block text-slate-600">Get an email for each new application to your company&apos;s jobs.</span>
        </span>
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save profile"}
      </Button>
    </Form>
  );
}

function CompanyForm({ data, answer }: { data: SettingsData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(CompanySettingsSchema, errorsFor(answer, "company"));
  const busy = useBusy("company");
  const values = answer?.form === "company" ? answer.values : undefined;
  const readOnly = !data.company.isOwner;
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
      <input type="hidden" name="intent" value="company" />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      {readOnly ? <Alert tone="info">Only your company&apos;s owner can change these details.</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Company name" name="companyName" autoComplete="organization" defaultValue={values?.companyName ?? data.company.name} error={errors.companyName} disabled={readOnly} required />
        <Field label="Website" name="website" type="url" inputMode="url" placeholder="https://example.com" defaultValue={values?.website ?? data.company.website} error={errors.website} disabled={readOnly} />
      </div>
      {readOnly ? null : (
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save company"}
        </Button>
      )}
    </Form>
  );
}

function PasswordForm({ answer, noticeId }: { answer?: SettingsAnswer; noticeId?: string }) {
  const { errors, onSubmit, onChange } = useValidatedForm(ChangePasswordSchema, errorsFor(answer, "password"));
  const busy = useBusy("password");
  // A new notice (password changed) starts the form empty again.
  return (
    <Form key={noticeId ?? ""} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} required />
        <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} required />
        <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} required />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="signOutOthers" defaultChecked className="size-4 rounded border-slate-300 text-brand-600" />
        Sign out of all other devices
      </label>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing…" : "Change password"}
      </Button>
    </Form>
  );
}

function TwoFactor({ data, answer }: { data: SettingsData; answer?: SettingsAnswer }) {
  const startErrors = useValidatedForm(ConfirmPasswordSchema, errorsFor(answer, "2fa-start"));
  const confirmErrors = useValidatedForm(TwoFactorCodeSchema, answer?.form === "2fa-start" && answer.enrolment ? answer.errors : undefined);
  const disableErrors = useValidatedForm(ConfirmPasswordSchema, errorsFor(answer, "2fa-disable"));

  if (answer?.form === "2fa-confirm" && answer.recoveryCodes) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Two-factor authentication is on">
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator. They will not be shown again.
        </Alert>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5">
          {answer.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <ButtonLink to="/settings#security" variant="secondary">
          I have saved my recovery codes
        </ButtonLink>
      </div>
    );
  }

  if (answer?.enrolment && !data.security.twoFactorEnabled) {
    const { enrolment } = answer;
    const { errors, onSubmit, onChange } = confirmErrors;
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…), or type in the key by hand. Then enter the
          6-digit code it shows.
        </p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          {enrolment.qrDataUrl ? (
            <img src={enrolment.qrDataUrl} alt="QR code for your authenticator app" width={200} height={200} className="size-40 rounded-lg border border-slate-200" />
          ) : null}
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-700">Manual key</p>
            <code data-testid="manual-key" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
              {enrolment.manualKey}
            </code>
          </div>
        </div>
        <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="2fa-confirm" />
          <input type="hidden" name="totpUri" value={enrolment.totpUri} />
          <input type="hidden" name="recoveryCodes" value={enrolment.recoveryCodes.join(" ")} />
          <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={errors.code} className="sm:w-56" required />
          <Button type="submit" className="sm:mt-6">
            Verify and turn on
          </Button>
        </Form>
      </div>
    );
  }

  if (data.security.twoFactorEnabled) {
    const { errors, onSubmit, onChange } = disableErrors;
    return (
      <div className="space-y-4">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Badge tone="green">On</Badge> Signing in asks for a code from your authenticator app.
        </p>
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <ConfirmAction
          id="2fa-off"
          label="Turn off two-factor authentication"
          title="Turn off two-factor authentication?"
          description="Signing in will no longer ask for a code from your authenticator app. Enter your password to confirm."
          confirmLabel="Turn off two-factor authentication"
          open={Boolean(errors.password)}
          onSubmit={onSubmit}
          onChange={onChange}
          anchor="security"
        >
          <input type="hidden" name="intent" value="2fa-disable" />
          <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} className="sm:w-64" required />
        </ConfirmAction>
      </div>
    );
  }

  const { errors, onSubmit, onChange } = startErrors;
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Badge tone="grey">Off</Badge> Protect your account with a code from an authenticator app at each sign-in.
      </p>
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="2fa-start" />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} className="sm:w-64" required />
        <Button type="submit" className="sm:mt-6">
          Set up two-factor authentication
        </Button>
      </Form>
    </div>
  );
}

function Sessions({ data, answer }: { data: SettingsData; answer?: SettingsAnswer }) {
  const error = errorsFor(answer, "sessions")?.form;
  return (
    <div className="space-y-4">
      {error ? <Alert>{error}</Alert> : null}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Sessions">
        {data.sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {s.device} {s.current ? <Badge tone="blue">This device</Badge> : null}
              </p>
              <p className="text-slate-500">
                {s.ipAddress} · Last active <LocalTime iso={s.lastActiveAt} />
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button type="submit" variant="secondary" aria-label={`Sign out ${s.device}, ${s.ipAddress}`}>
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <Form method="post" className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" name="intent" value="signout-this" variant="secondary">
            Sign out this device
          </Button>
          <Button type="submit" name="intent" value="signout-others" variant="secondary" disabled={data.sessions.length < 2}>
            Sign out other devices
          </Button>
        </Form>
        <ConfirmAction
          id="signout-all"
          label="Sign out all devices"
          title="Sign out all devices?"
          description="Every session ends, this one included: you will need to sign in again here and on your other devices."
          confirmLabel="Sign out all devices"
          anchor="security"
        >
          <input type="hidden" name="intent" value="signout-all" />
        </ConfirmAction>
      </div>
    </div>
  );
}

function Team({ data, answer }: { data: SettingsData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(InviteMemberSchema, errorsFor(answer, "team"));
  const busy = useBusy("invite");
  const values = answer?.form === "team" ? answer.values : undefined;
  const { team } = data;
  return (
    <div className="space-y-6">
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Members</h3>
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Members">
          {team.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">
                  {m.fullName || m.email} {m.you ? <span className="font-normal text-slate-500">(you)</span> : null}
                </p>
                <p className="truncate text-slate-500">
                  {m.fullName ? `${m.email} · ` : ""}
                  {roleLabel(m.owner)}
                </p>
              </div>
              {team.isOwner && !m.owner ? (
                <ConfirmAction
                  id={`remove-${m.userId}`}
                  label="Remove"
                  ariaLabel={`Remove ${m.email}`}
                  variant="secondary"
                  title={`Remove ${m.fullName || m.email}?`}
                  description={`${m.email} loses access to the company at once and is signed out everywhere. You can invite them again later.`}
                  confirmLabel="Remove member"
                  anchor="team"
                >
                  <input type="hidden" name="intent" value="remove-member" />
                  <input type="hidden" name="memberId" value={m.userId} />
                </ConfirmAction>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {team.invitations.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Pending invitations</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Pending invitations">
            {team.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{i.email}</p>
                  <p className="text-slate-500">
                    {i.expired ? (
                      "Expired"
                    ) : (
                      <>
                        Expires <LocalTime iso={i.expiresAt} />
                      </>
                    )}
                  </p>
                </div>
                {team.isOwner ? (
                  <ConfirmAction
                    id={`revoke-${i.id}`}
                    label="Revoke"
                    ariaLabel={`Revoke the invitation for ${i.email}`}
                    variant="secondary"
                    title={`Revoke the invitation for ${i.email}?`}
                    description="The link in their email stops working. You can send a new invitation later."
                    confirmLabel="Revoke invitation"
                    anchor="team"
                  >
                    <input type="hidden" name="intent" value="revoke-invitation" />
                    <input type="hidden" name="invitationId" value={i.id} />
                  </ConfirmAction>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {team.isOwner ? (
        <Form
          key={`invite-${team.invitations.length}-${team.members.length}`}
          method="post"
          noValidate
          onSubmit={onSubmit}
          onChange={onChange}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="invite" />
          <Field label="Invite by email" name="email" type="email" autoComplete="off" placeholder="colleague@company.com" defaultValue={values?.email} error={errors.email} className="sm:w-80" required />
          <Button type="submit" className="sm:mt-6" disabled={busy}>
            {busy ? "Sending…" : "Send invitation"}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">Only your company&apos;s owner can invite or remove members.</p>
      )}
    </div>
  );
}

/**
 * Settings. What the last save did ("Profile saved.") is the staff layout's notice, above the page;
 * `noticeId` is that notice's id, so a password change that succeeded starts its form empty again.
 */
export function SettingsPage({ data, actionData, noticeId }: { data: SettingsData; actionData?: SettingsAnswer; noticeId?: string }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Settings</h1>
      <Section id="profile" title="Profile" description="How you appear to your team.">
        <ProfileForm data={data} answer={actionData} />
      </Section>
      <Section id="company" title="Company" description="Shown to candidates on your job postings.">
        <CompanyForm data={data} answer={actionData} />
      </Section>
      <Section id="security" title="Security" description="Your password, second factor and signed-in devices.">
        <div className="space-y-6">
          <Subsection title="Password">
            <PasswordForm answer={actionData} noticeId={noticeId} />
          </Subsection>
          <Subsection title="Two-factor authentication">
            <TwoFactor data={data} answer={actionData} />
          </Subsection>
          <Subsection title="Sessions">
            <Sessions data={data} answer={actionData} />
          </Subsection>
        </div>
      </Section>
      <Section id="team" title="Team" description="Colleagues who hire with you. Invited people join as recruiters.">
        <Team data={data} answer={actionData} />
      </Section>
    </div>
  );
}


import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { MENTION_EMAIL_LABELS, MENTION_EMAIL_MODES, type MentionEmailMode } from "~/schemas/mention-emails";
import { ProfileSettingsSchema } from "~/schemas/settings";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, useSubmitting } from "./settings-section";

export interface ProfileData {
  email: string;
  fullName: string;
  /** As the app names it everywhere (`roleLabel`): Owner or Recruiter. */
  role: string;
  emailNotifications: boolean;
  mentionEmails: MentionEmailMode;
}

/** Settings › Profile, at /settings: the full name, the read-only role, email notifications (spec: Settings) and mention emails (decision 098). */
export function ProfileSection({ profile, answer }: { profile: ProfileData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(ProfileSettingsSchema, errorsFor(answer, "profile"));
  const busy = useSubmitting("profile");
  const values = valuesFor(answer, "profile");
  return (
    <SettingsSection id="profile" title="Profile" description="How you appear to your team.">
      <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" name="fullName" autoComplete="name" defaultValue={values?.fullName ?? profile.fullName} error={errors.fullName} />
          <Field label="Role" name="role" value={profile.role} readOnly disabled hint="Set by your company." />
        </div>
        <Field label="Email" name="email" type="email" value={profile.email} readOnly disabled />
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="emailNotifications"
            defaultChecked={values ? values.emailNotifications === "on" : profile.emailNotifications}
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600"
          />
          <span className="text-sm">
            <span className="font-medium text-slate-900">Email notifications</span>
            <span className="block text-slate-600">Get an email for each new application to your company&apos;s jobs.</span>
          </span>
        </label>
        <fieldset aria-describedby="mention-emails-hint">
          <legend className="text-sm font-medium text-slate-900">Email me about mentions</legend>
          <p id="mention-emails-hint" className="text-sm text-slate-600">
            When a teammate mentions you in a note. The bell shows every mention either way.
          </p>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {MENTION_EMAIL_MODES.map((mode) => (
              <label key={mode} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name="mentionEmails"
                  value={mode}
                  defaultChecked={(values?.mentionEmails ?? profile.mentionEmails) === mode}
                  className="size-4 border-slate-300 text-brand-600"
                />
                {MENTION_EMAIL_LABELS[mode]}
              </label>
            ))}
          </div>
          {errors.mentionEmails ? <p className="mt-1 text-sm text-red-600">{errors.mentionEmails}</p> : null}
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save profile"}
        </Button>
      </Form>
    </SettingsSection>
  );
}

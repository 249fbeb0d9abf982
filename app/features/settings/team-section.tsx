import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, SelectField } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from "~/lib/permissions";
import { roleLabel } from "~/lib/role-label";
import { InviteMemberSchema } from "~/schemas/team";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { LocalDate } from "~/components/ui/local-date";
import { SettingsSection, useSubmitting } from "./settings-section";

export interface TeamData {
  isOwner: boolean;
  /** Admins invite, revoke, change roles and remove (decision 096). */
  canManage: boolean;
  members: {
    userId: string;
    email: string;
    fullName: string | null;
    role: Role;
    owner: boolean;
    you: boolean;
  }[];
  invitations: {
    id: string;
    email: string;
    role: Role;
    expiresAt: string;
    expired: boolean;
  }[];
}

const ROLE_OPTIONS = ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));

/** Settings › Team: the members and pending invitations; an admin invites with a role, changes roles, revokes and removes. */
export function TeamSection({ team, answer }: { team: TeamData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(InviteMemberSchema, errorsFor(answer, "team"));
  const busy = useSubmitting("invite");
  const values = valuesFor(answer, "team");
  return (
    <SettingsSection id="team" title="Team" description="Colleagues who hire with you, each with a role that says what they may see and do.">
      <div className="space-y-6">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Members</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Members">
            {team.members.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere text-slate-900">
                    {m.fullName || m.email} {m.you ? <span className="font-normal text-slate-500">(you)</span> : null}
                  </p>
                  <p className="wrap-anywhere text-slate-500">
                    {m.fullName ? `${m.email} · ` : ""}
                    {roleLabel({ isOwner: m.owner, role: m.role })}
                  </p>
                </div>
                {team.canManage && !m.owner && !m.you ? (
                  <div className="flex flex-wrap items-end gap-2">
                    <Form method="post" className="flex items-end gap-2" aria-label={`Role of ${m.fullName || m.email}`}>
                      <input type="hidden" name="intent" value="change-role" />
                      <input type="hidden" name="memberId" value={m.userId} />
                      <label className="sr-only" htmlFor={`role-${m.userId}`}>
                        Role of {m.fullName || m.email}
                      </label>
                      <select id={`role-${m.userId}`} name="role" defaultValue={m.role} className="rounded-lg border border-slate-300 py-1.5 text-sm">
                        {ROLE_OPTIONS.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                      <Button type="submit" variant="secondary">
                        Change role
                        <span className="sr-only"> of {m.fullName || m.email}</span>
                      </Button>
                    </Form>
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
                  </div>
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
                    <p className="font-medium wrap-anywhere text-slate-900">{i.email}</p>
                    <p className="text-slate-500">
                      {ROLE_LABELS[i.role]} ·{" "}
                      {i.expired ? (
                        "Expired"
                      ) : (
                        <>
                          Expires <LocalDate value={i.expiresAt} withTime />
                        </>
                      )}
                    </p>
                  </div>
                  {team.canManage ? (
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
        {team.canManage ? (
          <Form
            key={`invite-${team.invitations.length}-${team.members.length}`}
            method="post"
            noValidate
            onSubmit={onSubmit}
            onChange={onChange}
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <input type="hidden" name="intent" value="invite" />
            <Field
              label="Invite by email"
              name="email"
              type="email"
              autoComplete="off"
              placeholder="colleague@company.com"
              defaultValue={values?.email}
              error={errors.email}
              className="sm:w-80"
              required
            />
            <SelectField label="Role" name="role" options={ROLE_OPTIONS} defaultValue={values?.role ?? "recruiter"} error={errors.role} className="sm:w-56" />
            <Button type="submit" className="sm:mt-6" disabled={busy}>
              {busy ? "Sending…" : "Send invitation"}
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">Only your company&apos;s admins can invite or remove members.</p>
        )}
        {team.canManage ? (
          <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm sm:grid-cols-[max-content_1fr]" aria-label="What each role may do">
            {ROLES.map((role) => (
              <div key={role} className="contents">
                <dt className="font-medium text-slate-900">{ROLE_LABELS[role]}</dt>
                <dd className="mb-2 text-slate-600 sm:mb-0">{ROLE_DESCRIPTIONS[role]}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </SettingsSection>
  );
}

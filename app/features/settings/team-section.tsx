import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { roleLabel } from "~/lib/role-label";
import { InviteMemberSchema } from "~/schemas/team";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { LocalDate } from "~/components/ui/local-date";
import { SettingsSection, useSubmitting } from "./settings-section";

export interface TeamData {
  /** Only the owner invites, revokes and removes; everyone else sees the lists. */
  isOwner: boolean;
  members: { userId: string; email: string; fullName: string | null; owner: boolean; you: boolean }[];
  invitations: { id: string; email: string; expiresAt: string; expired: boolean }[];
}

/** Settings › Team: the members and pending invitations; the owner invites, revokes and removes. */
export function TeamSection({ team, answer }: { team: TeamData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(InviteMemberSchema, errorsFor(answer, "team"));
  const busy = useSubmitting("invite");
  const values = valuesFor(answer, "team");
  return (
    <SettingsSection id="team" title="Team" description="Colleagues who hire with you. Invited people join as recruiters.">
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
                    <p className="font-medium wrap-anywhere text-slate-900">{i.email}</p>
                    <p className="text-slate-500">
                      {i.expired ? (
                        "Expired"
                      ) : (
                        <>
                          Expires <LocalDate value={i.expiresAt} withTime />
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
    </SettingsSection>
  );
}

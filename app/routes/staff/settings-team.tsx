import { data } from "react-router";
import type { Route } from "./+types/settings-team";
import { TeamSection } from "~/features/settings/team-section";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { isUuid } from "~/schemas/id";
import { formValues, parseForm } from "~/schemas/parse-form";
import { ChangeRoleSchema, InviteMemberSchema } from "~/schemas/team";
import { requireStaff } from "~/server/accounts/session.server";
import { withClientIp } from "~/server/audit/audit.server";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { appMailer } from "~/server/mail/mailer.server";
import type { NoticeCode } from "~/server/platform/notice.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { changeMemberRole, inviteMember, listTeam, removeMember, revokeInvitation } from "~/server/team/team.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Team settings", "The colleagues who hire with you, and your invitations.");

/** A 429's Retry-After reaches the document response too (forms without JavaScript). */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

/** What the invitation form may show again after a failure. */
const ECHO_LIMITS = maxLengthsOf(InviteMemberSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const team = await listTeam(appDatabase(), staff);
  return {
    team: {
      isOwner: team.isOwner,
      canManage: team.canManage,
      members: team.members.map((m) => ({ userId: m.userId, email: m.email, fullName: m.fullName, role: m.role, owner: m.owner, you: m.userId === staff.userId })),
      invitations: team.invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt.toISOString(), expired: i.expired })),
    },
  };
}

const done = (notice: NoticeCode) => settingsSaved(SETTINGS_PATHS.team, notice);

/** Invite, revoke an invitation, change a role, remove a member: an admin's (decision 096); the other sections' intents are refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  const db = appDatabase();

  try {
    switch (values.intent) {
      case "invite": {
        const parsed = parseForm(InviteMemberSchema, values);
        if (!parsed.success) return settingsInvalid("team", parsed.errors, echoFormValues(values, ECHO_LIMITS));
        await consumeRateLimit(db, RATE_LIMITS.invitation, context.get(clientIpContext));
        await consumeRateLimit(db, RATE_LIMITS.invitationAccount, staff.userId);
        await inviteMember(db, appMailer(), withClientIp(staff, context), parsed.data, config.baseUrl);
        return done("invitation-sent");
      }
      case "revoke-invitation": {
        if (!isUuid(values.invitationId)) throw data("Invitation not found", { status: 404 });
        await revokeInvitation(db, staff, values.invitationId);
        return done("invitation-revoked");
      }
      case "change-role": {
        const parsed = parseForm(ChangeRoleSchema, values);
        if (!parsed.success) return settingsInvalid("team", parsed.errors, echoFormValues(values, ECHO_LIMITS));
        await changeMemberRole(db, withClientIp(staff, context), parsed.data.memberId, parsed.data.role);
        return done("role-changed");
      }
      case "remove-member": {
        await removeMember(db, withClientIp(staff, context), values.memberId ?? "");
        return done("member-removed");
      }
      default:
        return unknownSettingsIntent();
    }
  } catch (error) {
    return settingsRefused("team", error, { values, limits: ECHO_LIMITS });
  }
}

export default function SettingsTeam({ loaderData, actionData }: Route.ComponentProps) {
  return <TeamSection team={loaderData.team} answer={actionData} />;
}

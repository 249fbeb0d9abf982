import type { Route } from "./+types/settings-hiring";
import { HiringSection } from "~/features/settings/hiring-section";
import { pageMeta } from "~/lib/meta";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { formValues, parseForm } from "~/schemas/parse-form";
import { RejectionReasonActionSchema } from "~/schemas/rejection";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import type { NoticeCode } from "~/server/platform/notice.server";
import {
  addRejectionReason,
  deleteRejectionReason,
  listRejectionReasons,
  moveRejectionReason,
  renameRejectionReason,
} from "~/server/applications/rejection-reasons.server";
import { addScorecardAttribute, listDefaultAttributes, removeScorecardAttribute } from "~/server/applications/scorecards.server";
import { DefaultAttributeActionSchema } from "~/schemas/scorecard";
import { InterviewRemindersSchema } from "~/schemas/interview-reminders";
import { getInterviewReminderHours, setInterviewReminderHours } from "~/server/interviews/reminders.server";
import { settingsInvalid, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import { can, type RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Hiring settings", "The reasons your team gives when rejecting an application, the default scorecard and interview reminders.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const [reasons, attributes, interviewReminderHours] = await Promise.all([listRejectionReasons(db, staff), listDefaultAttributes(db, staff), getInterviewReminderHours(db, staff)]);
  return { hiring: { canEdit: can(staff.role, "company.manage"), reasons, attributes, interviewReminderHours } };
}

/** What a refused form may show again: which form it was and the name typed (never over the maximum). */
function echo(values: Record<string, string>) {
  return { intent: values.intent ?? "", id: values.id ?? "", name: (values.name ?? "").slice(0, 80), category: (values.category ?? "").slice(0, 60) };
}

const NOTICE: Record<string, NoticeCode> = {
  "add-reason": "reason-added",
  "rename-reason": "reason-renamed",
  "move-reason": "reason-moved",
  "delete-reason": "reason-deleted",
  "add-attribute": "attribute-added",
  "remove-attribute": "attribute-removed",
  "interview-reminders": "reminders-saved",
};

/** Add, rename, reorder or remove a rejection reason, edit the default scorecard, or set when interview reminders go: admins only (the services check it again). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  if (!values.intent || !Object.hasOwn(NOTICE, values.intent)) unknownSettingsIntent();
  const db = appDatabase();
  // The default scorecard's forms (decision 099).
  if (values.intent === "add-attribute" || values.intent === "remove-attribute") {
    const attribute = parseForm(DefaultAttributeActionSchema, values);
    if (!attribute.success) return settingsInvalid("hiring", attribute.errors, echo(values));
    try {
      if (attribute.data.intent === "add-attribute") await addScorecardAttribute(db, staff, attribute.data);
      else await removeScorecardAttribute(db, staff, attribute.data.attributeId);
    } catch (error) {
      const answer = answerDomainError(error, { answerNotFound: true });
      return settingsInvalid("hiring", answer.errors, echo(values), answer.init);
    }
    return settingsSaved(SETTINGS_PATHS.hiring, NOTICE[attribute.data.intent]!);
  }
  // When interview reminders go (decision 102).
  if (values.intent === "interview-reminders") {
    const reminders = parseForm(InterviewRemindersSchema, values);
    if (!reminders.success) return settingsInvalid("hiring", reminders.errors, echo(values));
    try {
      await setInterviewReminderHours(db, staff, reminders.data.interviewReminderHours);
    } catch (error) {
      const answer = answerDomainError(error);
      return settingsInvalid("hiring", answer.errors, echo(values), answer.init);
    }
    return settingsSaved(SETTINGS_PATHS.hiring, NOTICE[reminders.data.intent]!);
  }
  const parsed = parseForm(RejectionReasonActionSchema, values);
  if (!parsed.success) return settingsInvalid("hiring", parsed.errors, echo(values));
  try {
    if (parsed.data.intent === "add-reason") await addRejectionReason(db, staff, parsed.data.name);
    else if (parsed.data.intent === "rename-reason") await renameRejectionReason(db, staff, parsed.data.id, parsed.data.name);
    else if (parsed.data.intent === "move-reason") await moveRejectionReason(db, staff, parsed.data.id, parsed.data.direction);
    else await deleteRejectionReason(db, staff, parsed.data.id);
  } catch (error) {
    // A reason removed meanwhile is the form's message, not a 404 page.
    const answer = answerDomainError(error, { answerNotFound: true });
    return settingsInvalid("hiring", answer.errors, echo(values), answer.init);
  }
  return settingsSaved(SETTINGS_PATHS.hiring, NOTICE[parsed.data.intent]!);
}

export default function SettingsHiring({ loaderData, actionData }: Route.ComponentProps) {
  return <HiringSection hiring={loaderData.hiring} answer={actionData} />;
}

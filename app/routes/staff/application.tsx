import { data, Form, Link, useNavigation } from "react-router";
import { Panel } from "~/components/ui/panel";
import type { Route } from "./+types/application";
import { idParam } from "~/lib/id-param";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonStyles } from "~/components/ui/button";
import { ErrorPage, STAFF_ERROR_CARD } from "~/components/ui/error-page";
import { inputStyles } from "~/components/ui/field";
import { HistoryList } from "~/components/ui/history-list";
import { LocalDate } from "~/components/ui/local-date";
import { pageMeta } from "~/lib/meta";
import { applicationHref } from "~/lib/application-href";
import { sourceLabel } from "~/lib/source-label";
import { APPLICATION_TABS, type ApplicationTab, ApplicationQuerySchema, applicationStatusTone, ChangeStatusSchema, MoveApplicationSchema } from "~/schemas/application-review";
import { parseQuery } from "~/schemas/query";
import { type FieldErrors, formValues, parseForm } from "~/schemas/parse-form";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { authorize, requireStaff } from "~/server/accounts/session.server";
import { recordCandidateView, withClientIp } from "~/server/audit/audit.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { describeActivity, HISTORY_MAX, isCandidateEvent, listSubjectActivity } from "~/server/activity/queries.server";
import { getApplicationDetail } from "~/server/applications/queries.server";
import { appMailer } from "~/server/mail/mailer.server";
import { listApplicationEmails, THREAD_MAX } from "~/server/mail/queries.server";
import { previewTemplateForApplication, sendEmailToCandidate } from "~/server/mail/candidate-emails.server";
import { ApplicationTabs, OldApplicationAnchors } from "~/features/application-page/application-tabs";
import { ApplicationOverview } from "~/features/application-page/overview-tab";
import { FeedbackTab } from "~/features/scorecards/feedback-tab";
import { ComposeEmail } from "~/features/candidate-email/compose-email";
import { EmailThread } from "~/features/candidate-email/email-thread";
import { ComposeEmailSchema } from "~/schemas/email-template";
import { changeApplicationStatus, hireApplication, moveApplication, rejectApplication } from "~/server/applications/pipeline.server";
import { HireSchema } from "~/schemas/application-review";
import { staffTimeZone } from "~/server/platform/time-zone.server";
import { CloseJobOffer, HireDialog, type HireAnswer } from "~/features/hiring/hire-dialog";
import { listRejectionChoices } from "~/server/applications/choices.server";
import { cancelWaitingEmail } from "~/server/mail/candidate-emails.server";
import { DEFAULT_EMAIL_TEMPLATES, listEmailTemplates, REJECTION_TEMPLATE_NAME } from "~/server/mail/email-templates.server";
import { fillMergeFields } from "~/lib/merge-fields";
import { RejectDialog } from "~/features/rejection/reject-dialog";
import { REJECTION_EMAIL_DELAYS, RejectSchema } from "~/schemas/rejection";
import { actionPermission, can, type RouteAccess } from "~/lib/permissions";
import { RequestFeedbackSchema } from "~/schemas/team";
import { listCandidateCvs } from "~/server/cvs/queries.server";
import { CvList } from "~/features/candidate-cvs/cv-list";
import { requestFeedback } from "~/server/team/feedback-requests.server";
import { getApplicationFeedback, saveScorecard } from "~/server/applications/scorecards.server";
import { ScorecardSchema, scorecardInput } from "~/schemas/scorecard";
import { InterviewSchema, interviewFormInput } from "~/schemas/interview";
import { cancelInterview, interviewItems, listInterviews, rescheduleInterview, scheduleInterview } from "~/server/interviews/interviews.server";
import { type InterviewsAnswer, InterviewsPanel, type SchedulingLinkAnswer } from "~/features/interviews/interviews-panel";
import {
  DEFAULT_SCHEDULING_BUFFER_MINUTES,
  DEFAULT_SCHEDULING_MIN_NOTICE_HOURS,
  DEFAULT_SCHEDULING_WINDOW_DAYS,
  SchedulingLinkSchema,
  schedulingLinkFormInput,
} from "~/schemas/scheduling-link";
import { listSchedulingLinks, sendSchedulingLink, withdrawSchedulingLink } from "~/server/interviews/scheduling-links.server";
import { config } from "~/server/platform/config.server";
import { formatLongDate, instantToZonedTime } from "~/schemas/zoned-time";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = {
  loader: "applications.view",
  action: {
    "*": "applications.decide",
    "send-email": "candidates.email",
    "cancel-email": "candidates.email",
    // Everyone who sees an application may give their feedback on it (decision 099).
    "save-scorecard": "applications.view",
    "submit-scorecard": "applications.view",
    // And write notes on it (decision 098); editing and deleting are the author's own.
    "add-note": "applications.view",
    "edit-note": "applications.view",
    "delete-note": "applications.view",
    // Interviews (decision 102).
    "schedule-interview": "interviews.schedule",
    "reschedule-interview": "interviews.schedule",
    "cancel-interview": "interviews.schedule",
    // Self-scheduling links (decision 103).
    "send-scheduling-link": "interviews.schedule",
    "withdraw-scheduling-link": "interviews.schedule",
  },
} as const satisfies RouteAccess;
import { type NoteAnswer, NotesPanel } from "~/features/notes/notes-panel";
import { listMentionableMembers } from "~/server/notes/members.server";
import { listApplicationNotes, NOTES_SHOWN } from "~/server/notes/queries.server";
import { answerNoteForm, isNoteIntent } from "./notes-action.server";
import { noteViews } from "./notes-view.server";
import { BackLink } from "~/components/ui/back-link";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(data ? `${data.application.candidateName} — ${data.application.job.title}` : "Application", "A candidate's application.");

/** Only web addresses become links: a javascript: or data: URL from a form is shown as text. */
function safeHttpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** How many emails of the thread, and how many notes, the page shows at first: the newest. */
const PAGE_SHOWS = 20;

/** The page's sections as its tab bar names them; Emails only for a role that may email candidates. */
const TAB_LABELS: Record<ApplicationTab, string> = {
  overview: "Overview",
  feedback: "Feedback",
  email: "Emails",
  notes: "Notes",
  history: "History",
};

/** How much of its history the page tells at first: the newest changes. */
const HISTORY_SHOWS = 50;

/** This page's section with all of the thread, the notes or the history, at its heading. */
function pageWith(applicationId: string, section: "thread" | "notes" | "history"): string {
  const tab = section === "thread" ? "email" : section;
  return `${applicationHref(applicationId, tab)}&${section}=all#${section === "thread" ? "email" : section}-heading`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const db = appDatabase();
  const application = await getApplicationDetail(db, staff, idParam(params.applicationId, "Application not found"));
  if (!application) throw data("Application not found", { status: 404 });
  // The audit trail (decision 115): the application's page shows its candidate's details.
  if (application.candidateId) await recordCandidateView(db, withClientIp(staff, context), application.candidateId, { data: { applicationId: application.id } });
  // What the member's role may do here (decision 096): the page leaves out what it may not, and loads nothing for it.
  const allowed = {
    decide: can(staff.role, "applications.decide"),
    email: can(staff.role, "candidates.email"),
    candidates: can(staff.role, "candidates.manage"),
    jobs: can(staff.role, "jobs.view"),
    interviews: can(staff.role, "interviews.schedule"),
  };
  const query = parseQuery(ApplicationQuerySchema, request.url);
  // One section at a time (decision 100): the tab's own data, and what Manage needs on every tab.
  const tab = query.tab === "email" && !allowed.email ? "overview" : query.tab;
  const rejecting = application.status !== "rejected" && allowed.decide;
  // The newest of the thread and of the notes, one more to know there are more; all of them on request.
  const threadShown = query.thread === "all" ? THREAD_MAX : PAGE_SHOWS;
  const notesShown = query.notes === "all" ? NOTES_SHOWN : PAGE_SHOWS;
  const historyShown = query.history === "all" ? HISTORY_MAX : HISTORY_SHOWS;
  const viewerZone = staffTimeZone(request, staff);
  const needsMembers = tab === "notes" || (tab === "feedback" && allowed.decide) || (tab === "overview" && allowed.interviews);
  // Rejecting needs the templates, the reasons and the "Rejection" template: one statement for them
  // and the members (decision 145).
  const choices = rejecting ? listRejectionChoices(db, staff) : null;
  const [templates, reasons, rejectionTemplate, cvs, threadRows, noteList, members, scorecards, history, interviewList, linkList] = await Promise.all([
    choices ? choices.then((found) => found.templates) : tab === "email" ? listEmailTemplates(db, staff) : [],
    choices ? choices.then((found) => found.reasons) : [],
    choices ? choices.then((found) => found.rejectionTemplate) : null,
    tab === "overview" && application.candidateId ? listCandidateCvs(db, staff, application.candidateId) : [],
    tab === "email" ? listApplicationEmails(db, staff, application.id, threadShown + 1) : [],
    tab === "notes" ? listApplicationNotes(db, staff, application.id, notesShown + 1) : { notes: [], withheld: false },
    !needsMembers ? [] : choices ? choices.then((found) => found.members) : listMentionableMembers(db, staff),
    tab === "feedback"
      ? getApplicationFeedback(db, staff, {
          id: application.id,
          stageId: application.stage?.id ?? null,
        })
      : null,
    tab === "history" ? listSubjectActivity(db, staff, application.id, historyShown + 1) : [],
    tab === "overview" ? listInterviews(db, staff, { applicationId: application.id }) : [],
    tab === "overview" && allowed.interviews ? listSchedulingLinks(db, staff, application.id) : [],
  ]);
  /** Where the rest of the thread and of the notes are, when the page shows only the newest. */
  const more = {
    thread: threadRows.length > threadShown ? pageWith(application.id, "thread") : null,
    notes: noteList.notes.length > notesShown ? pageWith(application.id, "notes") : null,
    history: history.length > historyShown ? pageWith(application.id, "history") : null,
  };
  // The reject dialog's email: the company's "Rejection" template (else the starter one) for this candidate.
  const source = rejectionTemplate ?? STARTER_REJECTION;
  const mergeValues = {
    candidate_name: application.candidateName,
    job_title: application.job.title,
    company_name: staff.companyName,
    stage_name: application.stage?.name ?? "",
  };
  // ?template=<id> fills that template in for this candidate before it is sent: for the Emails tab's
  // form, or for the reject dialog's email (its fetcher asks for it on any tab).
  const templateId = query.template;
  let preview: {
    templateId: string;
    to: string;
    subject: string;
    body: string;
  } | null = null;
  if (templateId && templates.some((template) => template.id === templateId)) {
    preview = {
      templateId,
      ...(await previewTemplateForApplication(db, staff, application.id, templateId)),
    };
  }
  // The hire dialog's default day: today where the recruiter is.
  const today = instantToZonedTime(new Date(), viewerZone).date;
  return {
    tab,
    tabs: APPLICATION_TABS.filter((name) => name !== "email" || allowed.email).map((name) => ({
      name,
      label: TAB_LABELS[name],
      href: applicationHref(application.id, name),
    })),
    today,
    allowed,
    more,
    cvs,
    interviews: interviewItems(interviewList, viewerZone),
    // Who may be invited (the job's hiring team is checked when it has one), and what a new interview starts from.
    interviewScheduling:
      tab === "overview" && allowed.interviews
        ? {
            teammates: members.map((member) => ({ id: member.userId, name: member.name })),
            start: {
              title: application.stage?.name ?? "Interview",
              date: today,
              startTime: "10:00",
              durationMinutes: "60",
              timeZone: viewerZone,
              location: "",
              notesForInterviewers: "",
              interviewerIds: [],
            },
            linkStart: {
              title: application.stage?.name ?? "Interview",
              durationMinutes: "60",
              interviewerIds: [],
              windowDays: String(DEFAULT_SCHEDULING_WINDOW_DAYS),
              minNoticeHours: String(DEFAULT_SCHEDULING_MIN_NOTICE_HOURS),
              bufferMinutes: String(DEFAULT_SCHEDULING_BUFFER_MINUTES),
              location: "",
              notesForInterviewers: "",
            },
            open: query.schedule === "1",
          }
        : null,
    schedulingLinks: linkList.map((link) => ({
      id: link.id,
      title: link.title,
      state: link.state,
      sent: formatLongDate(new Date(link.sentAt), viewerZone),
      until: formatLongDate(new Date(link.expiresAt), viewerZone),
    })),
    scorecards: scorecards && {
      attributes: scorecards.attributes,
      mine: scorecards.mine,
      others: scorecards.others,
      hidden: scorecards.hidden,
      pendingNames: scorecards.requests.filter((request) => scorecards.pending.includes(request.reviewerId)).map((request) => request.reviewerName),
      requests: scorecards.requests,
      // Whom they may ask: the company's members but themselves (the same list the notes mention).
      teammates: allowed.decide
        ? members
            .filter((member) => member.userId !== staff.userId)
            .map((member) => ({
              id: member.userId,
              name: member.name,
              role: member.role,
            }))
        : null,
    },
    notes: noteViews(noteList.notes.slice(0, notesShown), staff),
    notesWithheld: noteList.withheld,
    members: tab === "notes" ? members : [],
    templates: templates.map((template) => ({
      id: template.id,
      name: template.name,
    })),
    preview,
    rejection: rejecting
      ? {
          reasons,
          email: {
            templateId: rejectionTemplate?.id ?? null,
            subject: fillMergeFields(source.subject, mergeValues),
            body: fillMergeFields(source.body, mergeValues),
          },
        }
      : null,
    emails: threadRows.slice(0, threadShown).map((email) => ({
      id: email.id,
      direction: email.direction,
      from: email.from,
      attachments: email.attachments,
      subject: email.subject,
      body: email.body,
      status: email.status,
      error: email.error,
      createdAt: email.createdAt.toISOString(),
      scheduledFor: email.scheduledFor?.toISOString() ?? null,
    })),
    application: {
      ...application,
      source: sourceLabel(application.source, application.sourceDetail),
      resumeHref: safeHttpUrl(application.resumeUrl),
    },
    // The newest changes, oldest first: the one more that was read is the oldest.
    history: history.slice(-historyShown).map((item) => ({
      id: item.id,
      text: describeActivity(item),
      actorName: isCandidateEvent(item) ? "Candidate" : (item.actorName ?? "Former staff member"),
      createdAt: item.createdAt,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, "applications.view");
  const applicationId = idParam(params.applicationId, "Application not found");
  const formData = await request.formData();
  const values = formValues(formData);
  authorize(staff, actionPermission(access, values.intent));
  const db = appDatabase();
  if (isNoteIntent(values.intent)) {
    const form = {
      intent: values.intent,
      noteId: values.noteId,
      body: values.body,
    };
    return answerNoteForm(db, staff, { applicationId }, form, applicationHref(applicationId, "notes"));
  }
  try {
    if (values.intent === "send-email") {
      const parsed = parseForm(ComposeEmailSchema, values);
      if (!parsed.success) return data({ ...refused(parsed.errors), emailValues: emailEcho(values) }, { status: 400 });
      await sendEmailToCandidate(db, staff, applicationId, parsed.data, appMailer());
      return { errors: null, done: "Email sent to the candidate.", sent: true };
    }
    if (values.intent === "reject") {
      const parsed = parseForm(RejectSchema, values);
      if (!parsed.success) return data({ ...refused(parsed.errors), rejectValues: rejectEcho(values) }, { status: 400 });
      const result = await rejectApplication(db, staff, applicationId, parsed.data, appMailer());
      const delay = REJECTION_EMAIL_DELAYS.find((option) => Number(option.value) === parsed.data.email?.delaySeconds);
      const emailNote = !parsed.data.email
        ? ""
        : delay && delay.value !== "0"
          ? ` The rejection email leaves ${delay.label.toLowerCase()}.`
          : " The rejection email is on its way.";
      return {
        errors: null,
        done: `Rejected: ${result.reason}.${emailNote}`,
        undo: true,
      };
    }
    if (values.intent === "hire") {
      const parsed = parseForm(HireSchema, values);
      if (!parsed.success)
        return data(
          {
            ...refused(parsed.errors),
            hireValues: { hiredOn: (values.hiredOn ?? "").slice(0, 10) },
          },
          { status: 400 },
        );
      const result = await hireApplication(db, staff, applicationId, parsed.data.hiredOn);
      const moved = result.stageName ? ` Moved to ${result.stageName}.` : "";
      const cancelled = result.emailsCancelled > 0 ? " Emails that were still waiting to leave were cancelled." : "";
      const { job } = result;
      const filled = job.hired >= job.openings && job.status !== "closed";
      const hire: HireAnswer = {
        job: {
          id: job.id,
          title: job.title,
          hired: job.hired,
          openings: job.openings,
        },
        offerClose: filled,
      };
      return {
        errors: null,
        done: `Hired on ${parsed.data.hiredOn}.${moved}${cancelled}`,
        hire,
      };
    }
    if (values.intent === "undo-reject" || (values.intent === "status" && values.status === "active")) {
      const result = await changeApplicationStatus(db, staff, applicationId, "active");
      const cancelled = result.emailsCancelled > 0 ? " The rejection email was cancelled before it left." : "";
      return {
        errors: null,
        done: result.changed ? `Reactivated: back in its stage.${cancelled}` : "The application is already active.",
      };
    }
    if (values.intent === "save-scorecard" || values.intent === "submit-scorecard") {
      const parsed = parseForm(ScorecardSchema, scorecardInput(values));
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const { recommendation, notes, ratings } = parsed.data;
      const result = await saveScorecard(db, staff, applicationId, {
        recommendation,
        notes,
        ratings,
        submit: values.intent === "submit-scorecard",
      });
      return {
        errors: null,
        done: result.submitted ? "Feedback submitted." : "Draft saved. Only you see it until you submit it.",
      };
    }
    if (values.intent === "request-feedback") {
      const parsed = parseForm(RequestFeedbackSchema, {
        reviewerIds: formData.getAll("reviewerIds"),
      });
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const asked = await requestFeedback(db, staff, applicationId, parsed.data.reviewerIds);
      return {
        errors: null,
        done: asked.length > 0 ? `Feedback asked of ${asked.join(", ")}.` : "They were already asked for their feedback.",
      };
    }
    if (values.intent === "schedule-interview" || values.intent === "reschedule-interview") {
      const interviewForm = values.intent === "schedule-interview" ? "new" : (values.interviewId ?? "");
      const parsed = parseForm(InterviewSchema, interviewFormInput(formData));
      if (!parsed.success) return data({ ...refused(parsed.errors), interviewAnswer: interviewAnswer(interviewForm, parsed.errors, formData) }, { status: 400 });
      try {
        if (values.intent === "schedule-interview") await scheduleInterview(db, staff, applicationId, parsed.data, appMailer());
        else await rescheduleInterview(db, staff, values.interviewId ?? "", parsed.data, appMailer(), applicationId);
      } catch (error) {
        const answer = answerDomainError(error, { notFound: "Interview not found" });
        if (answer.init.status === 404) throw data("Interview not found", { status: 404 });
        return data({ ...refused(answer.errors as FieldErrors), interviewAnswer: interviewAnswer(interviewForm, answer.errors as FieldErrors, formData) }, answer.init);
      }
      return {
        errors: null,
        done: values.intent === "schedule-interview" ? `Interview scheduled. Invitations are on their way to ${invitedParties(parsed.data.interviewerIds.length)}.` : "Interview moved. Updated invitations are on their way.",
      };
    }
    if (values.intent === "send-scheduling-link") {
      const parsed = parseForm(SchedulingLinkSchema, schedulingLinkFormInput(formData));
      if (!parsed.success) return data({ ...refused(parsed.errors), linkAnswer: linkAnswer(parsed.errors, formData) }, { status: 400 });
      try {
        await sendSchedulingLink(db, staff, applicationId, parsed.data, appMailer(), { baseUrl: config.baseUrl, senderZone: staffTimeZone(request, staff) });
      } catch (error) {
        const answer = answerDomainError(error);
        return data({ ...refused(answer.errors as FieldErrors), linkAnswer: linkAnswer(answer.errors as FieldErrors, formData) }, answer.init);
      }
      return { errors: null, done: "Scheduling link sent. The candidate can now pick a time, and the invitations go out once they do." };
    }
    if (values.intent === "withdraw-scheduling-link") {
      await withdrawSchedulingLink(db, staff, applicationId, values.linkId ?? "");
      return { errors: null, done: "Scheduling link withdrawn. It no longer works." };
    }
    if (values.intent === "cancel-interview") {
      try {
        await cancelInterview(db, staff, values.interviewId ?? "", appMailer(), applicationId);
      } catch (error) {
        const answer = answerDomainError(error, { notFound: "Interview not found" });
        if (answer.init.status === 404) throw data("Interview not found", { status: 404 });
        throw error;
      }
      return { errors: null, done: "Interview cancelled. The candidate and the interviewers are told." };
    }
    if (values.intent === "cancel-email") {
      await cancelWaitingEmail(db, staff, applicationId, values.messageId ?? "");
      return {
        errors: null,
        done: "The email was cancelled. It will not be sent.",
      };
    }
    if (values.intent === "move") {
      const parsed = parseForm(MoveApplicationSchema, {
        ...values,
        applicationId,
      });
      if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
      const result = await moveApplication(db, staff, applicationId, parsed.data.stageId);
      return {
        errors: null,
        done: result.moved ? "Stage updated." : "The application is already in that stage.",
      };
    }
    const parsed = parseForm(ChangeStatusSchema, values);
    if (!parsed.success) return data({ errors: parsed.errors, done: null }, { status: 400 });
    await changeApplicationStatus(db, staff, applicationId, parsed.data.status);
    return { errors: null, done: "Status updated." };
  } catch (error) {
    const answer = answerDomainError(error, {
      notFound: "Application not found",
    });
    const rejectValues = values.intent === "reject" ? rejectEcho(values) : undefined;
    return data({ ...refused(answer.errors as FieldErrors), rejectValues }, answer.init);
  }
}

/** "the candidate and 2 interviewers". */
function invitedParties(interviewers: number): string {
  return `the candidate and ${interviewers} interviewer${interviewers === 1 ? "" : "s"}`;
}

/** The longest each interview form's field may be shown again (the forms' own schemas say). */
const INTERVIEW_ECHO = maxLengthsOf(InterviewSchema);
const LINK_ECHO = maxLengthsOf(SchedulingLinkSchema);

/** A form's fields to show again after a refusal (`echoFormValues`, "" for one not shown), with its chosen interviewers. */
function echoInterviewForm<K extends string>(formData: FormData, limits: ReadonlyMap<string, number>, fields: readonly K[], maxInterviewers: number) {
  const echo = echoFormValues(formValues(formData), limits);
  const values = Object.fromEntries(fields.map((field) => [field, echo[field] ?? ""])) as Record<K, string>;
  const interviewerIds = formData.getAll("interviewerIds").filter((v): v is string => typeof v === "string").slice(0, maxInterviewers);
  return { ...values, interviewerIds };
}

/** What the scheduling link form shows again after a refusal. */
function linkAnswer(errors: FieldErrors, formData: FormData): SchedulingLinkAnswer {
  const fields = ["title", "durationMinutes", "windowDays", "minNoticeHours", "bufferMinutes", "location", "notesForInterviewers"] as const;
  return { errors, values: echoInterviewForm(formData, LINK_ECHO, fields, 10) };
}

/** What an interview form shows again after a refusal. */
function interviewAnswer(interviewForm: string, errors: FieldErrors, formData: FormData): InterviewsAnswer {
  const fields = ["title", "date", "startTime", "durationMinutes", "timeZone", "location", "notesForInterviewers"] as const;
  return { interviewForm, errors, values: echoInterviewForm(formData, INTERVIEW_ECHO, fields, 20) };
}

/** What the compose form shows again after a refusal: its subject and message (never over their maximum). */
function emailEcho(values: Record<string, string>) {
  return {
    subject: (values.subject ?? "").slice(0, 200),
    body: (values.body ?? "").slice(0, 20000),
  };
}

/** The starter text of the rejection template, used when the company has deleted it. */
const STARTER_REJECTION = DEFAULT_EMAIL_TEMPLATES.find((template) => template.name === REJECTION_TEMPLATE_NAME)!;

function refused(errors: FieldErrors) {
  return { errors, done: null, undo: false };
}

/** What the reject dialog shows again after a refusal: its own fields, nothing else. */
function rejectEcho(values: Record<string, string>): Record<string, string> {
  const { reasonId = "", sendEmail = "", subject = "", body = "", delay = "0" } = values;
  return {
    reasonId,
    sendEmail,
    subject: subject.slice(0, 200),
    body: body.slice(0, 20000),
    delay,
  };
}

const STATUS_ACTIONS = [
  { status: "withdrawn", label: "Mark as withdrawn", variant: "secondary" },
  { status: "active", label: "Reactivate", variant: "secondary" },
] as const;

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { application, tab, tabs, history, templates, preview, emails, rejection, today, allowed, cvs, scorecards, notes, notesWithheld, members, more, interviews, interviewScheduling, schedulingLinks } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? null;

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/applications">
        Back to Applications
      </BackLink>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{application.candidateName}</h1>
          <p className="mt-1 text-sm text-slate-600">
            <a href={`mailto:${application.candidateEmail}`} className="hover:text-brand-700">
              {application.candidateEmail}
            </a>
            {allowed.candidates ? (
              <>
                <span aria-hidden="true"> · </span>
                <Link to={`/candidates/${application.candidateId}`} className="font-semibold text-brand-600 hover:text-brand-700">
                  Candidate profile
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1 text-right">
          <Badge tone={applicationStatusTone(application.status)}>{application.status}</Badge>
          {application.hiredOn ? (
            <p className="text-xs font-medium text-slate-700" data-testid="hired-on">
              Hired on {application.hiredOn}
            </p>
          ) : null}
          {application.status === "rejected" ? (
            <p className="text-xs text-slate-600" data-testid="rejection-reason">
              {application.rejectionReason ?? "No reason recorded"}
              {application.rejectedAt ? (
                <>
                  {" · "}
                  <LocalDate value={application.rejectedAt} />
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>

      {actionData?.done ? (
        <div className="mt-4">
          <Alert tone="success">
            <span>{actionData.done}</span>
            {"hire" in actionData && actionData.hire ? <CloseJobOffer hire={actionData.hire as HireAnswer} back={`/applications/${application.id}`} /> : null}
            {"undo" in actionData && actionData.undo && application.status === "rejected" ? (
              <Form method="post" className="ml-2 inline">
                <input type="hidden" name="intent" value="undo-reject" />
                <button type="submit" disabled={busy} className="font-semibold underline hover:no-underline">
                  Undo
                </button>
              </Form>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <OldApplicationAnchors current={tab} />
      {errors?.form ? (
        <div className="mt-4">
          <Alert>{errors.form}</Alert>
        </div>
      ) : null}

      <div className="mt-6">
        <ApplicationTabs tabs={tabs} current={tab} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className={`min-w-0 space-y-6 ${allowed.decide ? "lg:col-span-2" : "lg:col-span-3"}`}>
          {tab === "overview" ? (
            <ApplicationOverview
              application={application}
              cvCount={cvs.length}
              cvs={application.candidateId ? <CvList candidateId={application.candidateId} cvs={cvs} /> : <p className="mt-3 text-sm text-slate-600">No CV.</p>}
              jobLink={allowed.jobs}
            />
          ) : null}

          {tab === "overview" ? (
            <InterviewsPanel
              interviews={interviews}
              links={schedulingLinks}
              schedule={
                interviewScheduling
                  ? {
                      ...interviewScheduling,
                      // Opened by ?schedule=1 on arrival, not again after a form on the page was sent.
                      open: interviewScheduling.open && !actionData,
                      busy,
                      answer: actionData && "interviewAnswer" in actionData && actionData.interviewAnswer ? (actionData.interviewAnswer as InterviewsAnswer) : null,
                      linkAnswer: actionData && "linkAnswer" in actionData && actionData.linkAnswer ? (actionData.linkAnswer as SchedulingLinkAnswer) : null,
                    }
                  : null
              }
            />
          ) : null}

          {tab === "feedback" && scorecards ? <FeedbackTab feedback={scorecards} errors={errors ?? {}} busy={busy} /> : null}

          {tab === "email" ? (
            <Panel id="email" title="Email the candidate">
              <ComposeEmail
                // A template chosen, or an email sent, starts the form again from that text.
                key={`${preview?.templateId ?? "none"}-${emails.length}`}
                to={application.candidateEmail}
                templates={templates}
                start={preview}
                busy={busy}
                answer={
                  actionData && "emailValues" in actionData && actionData.emailValues
                    ? {
                        errors: actionData.errors ?? {},
                        values: actionData.emailValues as {
                          subject: string;
                          body: string;
                        },
                      }
                    : null
                }
              />
              <EmailThread
                emails={emails}
                candidate={{
                  name: application.candidateName,
                  email: application.candidateEmail,
                }}
                busy={busy}
              />
              {more.thread ? (
                <Link to={more.thread} preventScrollReset className="mt-3 inline-block text-sm font-semibold text-brand-600 hover:text-brand-700">
                  Show the whole thread
                </Link>
              ) : null}
            </Panel>
          ) : null}

          {tab === "notes" ? (
            <NotesPanel
              notes={notes}
              members={members}
              answer={actionData && "noteValues" in actionData ? (actionData as NoteAnswer) : null}
              moreHref={more.notes}
              withheld={notesWithheld ? "Your teammates' notes show once you submit your feedback." : null}
            />
          ) : null}

          {tab === "history" ? (
            <Panel id="history" title="History">
              {more.history ? (
                <Link to={more.history} preventScrollReset className="mt-3 inline-block text-sm font-semibold text-brand-600 hover:text-brand-700">
                  Show earlier changes
                </Link>
              ) : null}
              <HistoryList items={history} empty="No changes yet." />
            </Panel>
          ) : null}
        </div>

        {allowed.decide ? (
          <div className="space-y-6">
            <Panel id="manage" title="Manage">
              <Form method="post" className="mt-4 space-y-2">
                <input type="hidden" name="intent" value="move" />
                <label htmlFor="stage" className="block text-sm font-medium text-slate-700">
                  Stage
                </label>
                <div className="flex gap-2">
                  <select
                    id="stage"
                    name="stageId"
                    defaultValue={application.stage?.id ?? ""}
                    key={application.stage?.id ?? ""}
                    className={inputStyles}
                    aria-invalid={errors?.stageId ? true : undefined}
                    aria-describedby={errors?.stageId ? "stage-error" : undefined}
                  >
                    {application.stage ? null : <option value="">Choose a stage</option>}
                    {application.stages.map((stage) => (
                      <option key={stage.id} value={stage.id}>
                        {stage.name}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Move
                  </Button>
                </div>
                {errors?.stageId ? (
                  <p id="stage-error" className="text-sm text-red-600">
                    {errors.stageId}
                  </p>
                ) : null}
              </Form>
              <div className="mt-5 flex flex-wrap items-start gap-2">
                {application.status === "active" && !application.hiredOn ? (
                  <HireDialog
                    candidateName={application.candidateName}
                    today={today}
                    answer={
                      actionData && "hireValues" in actionData && actionData.hireValues
                        ? {
                            errors: actionData.errors ?? {},
                            hiredOn: (actionData.hireValues as { hiredOn: string }).hiredOn,
                          }
                        : null
                    }
                  />
                ) : null}
                {rejection ? (
                  <RejectDialog
                    candidateName={application.candidateName}
                    reasons={rejection.reasons}
                    templates={templates}
                    email={rejection.email}
                    answer={
                      actionData && "rejectValues" in actionData && actionData.rejectValues
                        ? {
                            errors: actionData.errors ?? {},
                            values: actionData.rejectValues as Record<string, string>,
                          }
                        : null
                    }
                  />
                ) : null}
                {STATUS_ACTIONS.filter((a) => a.status !== application.status).map((a) => (
                  <Form key={a.status} method="post">
                    <input type="hidden" name="intent" value="status" />
                    <button type="submit" name="status" value={a.status} disabled={busy} className={buttonStyles[a.variant]}>
                      {a.label}
                    </button>
                  </Form>
                ))}
              </div>
            </Panel>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Application not found",
        text: "It may have been removed, or it belongs to another company.",
      }}
      unexpected={{
        title: "Failed to load the application",
        text: "Please try again later.",
      }}
      back={{ to: "/applications", label: "Back to Applications" }}
      className={STAFF_ERROR_CARD}
    />
  );
}

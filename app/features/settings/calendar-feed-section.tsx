import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field } from "~/components/ui/field";
import { LocalDate } from "~/components/ui/local-date";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { errorsFor, type SettingsAnswer, type SettingsForm } from "./settings-answer";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";

/** Which calendar links the member has (when each was made); `company` only for those who may have the company's. */
export interface CalendarFeedsData {
  mine: { createdAt: string } | null;
  company?: { createdAt: string } | null;
}

/**
 * Settings › Profile, "Calendar feed" (decision 102): a private subscription URL for one's own
 * interviews, and an admin's for the company's. Only the link's hash is kept, so the URL is shown
 * once, when it is made or reset; resetting (confirmed) makes the old one stop working. Plain forms
 * posting an intent: it works without JavaScript.
 */
export function CalendarFeedSection({ feeds, answer }: { feeds: CalendarFeedsData; answer?: SettingsAnswer }) {
  return (
    <SettingsSection id="calendar-feed" title="Calendar feed" description="Subscribe to your interviews from any calendar app (Google Calendar, Outlook, Apple Calendar).">
      <div className="space-y-5">
        <FeedLink
          form="calendar-mine"
          title="My interviews"
          what="the interviews you are on"
          feed={feeds.mine}
          intents={{ create: "create-calendar-link", reset: "reset-calendar-link" }}
          answer={answer}
        />
        {feeds.company !== undefined ? (
          <FeedLink
            form="calendar-company"
            title="Company interviews"
            what="every interview of the company (admins only)"
            feed={feeds.company}
            intents={{ create: "create-company-calendar-link", reset: "reset-company-calendar-link" }}
            answer={answer}
          />
        ) : null}
      </div>
    </SettingsSection>
  );
}

function FeedLink({
  form,
  title,
  what,
  feed,
  intents,
  answer,
}: {
  form: SettingsForm;
  title: string;
  what: string;
  feed: { createdAt: string } | null;
  intents: { create: string; reset: string };
  answer?: SettingsAnswer;
}) {
  const error = errorsFor(answer, form)?.form;
  const url = answer?.form === form ? answer.calendarUrl : undefined;
  const creating = useSubmitting(intents.create);
  return (
    <SettingsSubsection title={title}>
      <p className="text-sm text-slate-600">A private link to {what}: anyone with it can read them. The last 30 days and everything ahead.</p>
      <div className="mt-3 space-y-3">
        {error ? <Alert>{error}</Alert> : null}
        {url ? (
          <Field
            label={`${title}: calendar link`}
            name={`${form}-url`}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            hint="Copy it now and add it to your calendar app as a subscription (“From URL”). For your safety it is shown only this once."
          />
        ) : feed ? (
          <p className="text-sm text-slate-700">
            Link made <LocalDate value={feed.createdAt} withTime />. It is shown only when made: reset it to see a new one.
          </p>
        ) : null}
        {feed || url ? (
          <ConfirmAction
            id={intents.reset}
            label="Reset link"
            ariaLabel={`Reset link: ${title}`}
            variant="secondary"
            title="Reset the calendar link?"
            description="The old link stops working at once: calendars subscribed to it stop updating. You get a new link to add instead."
            confirmLabel="Reset link"
            anchor="calendar-feed"
            // The page's plain address, not ?confirm=…: the answer shows the new link, not the question again.
            action={SETTINGS_PATHS.profile}
          >
            <input type="hidden" name="intent" value={intents.reset} />
          </ConfirmAction>
        ) : (
          <Form method="post" action={SETTINGS_PATHS.profile}>
            <input type="hidden" name="intent" value={intents.create} />
            <Button type="submit" disabled={creating} aria-label={`Create calendar link: ${title}`}>
              {creating ? "Creating…" : "Create calendar link"}
            </Button>
          </Form>
        )}
      </div>
    </SettingsSubsection>
  );
}

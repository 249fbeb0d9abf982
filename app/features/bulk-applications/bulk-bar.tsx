import { useId, useState } from "react";
import { SelectAllOnPage } from "~/components/ui/select-all-on-page";
import { NamedOptions } from "~/components/ui/options";
import { Button } from "~/components/ui/button";
import { inputStyles } from "~/components/ui/field";
import { BULK_MAX } from "~/schemas/bulk";
import type { FieldErrors } from "~/schemas/parse-form";
import { REJECTION_EMAIL_DELAYS } from "~/schemas/rejection";
import { useCan } from "~/lib/use-can";

export interface BulkBarProps {
  /** Ticked rows on this page, of `onPage`. */
  selected: number;
  onPage: number;
  /** How many the list's filters match, and whether that is exact. */
  total: number;
  totalExact: boolean;
  /** "Select all matching" is on: the action takes the filters, not the ticks. */
  allMatching: boolean;
  hydrated: boolean;
  onSelectAll: (on: boolean) => void;
  onSelectAllMatching: (on: boolean) => void;
  /** The filtered job's stages (moving needs one job), or none. */
  stages: readonly { id: string; name: string }[];
  reasons: readonly { id: string; name: string }[];
  templates: readonly { id: string; name: string }[];
  errors: FieldErrors | null;
  busy: boolean;
}

/**
 * The applications list's (and the pipeline's) bulk bar (issue 13): which applications are selected
 * (the ticked ones, or all the list's filters match) and the actions on them (BulkApplicationActions).
 */
export function BulkApplicationsBar(props: BulkBarProps) {
  const { selected, onPage, total, totalExact, allMatching, hydrated, stages, reasons, templates, errors, busy } = props;
  const count = allMatching ? Math.min(total, BULK_MAX) : selected;
  const none = hydrated && count === 0;
  const noun = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "application" : "applications"}`;
  const canSelectMatching = hydrated && selected === onPage && onPage > 0 && total > onPage;

  return (
    <div role="group" aria-label="Act on the selected applications" className="mb-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <SelectAllOnPage selected={selected} onPage={onPage} hydrated={hydrated} onSelectAll={props.onSelectAll} rows="application" />
        <p className="text-sm text-slate-600" aria-live="polite">
          {!hydrated ? "Tick applications, then choose an action" : count === 0 ? "No applications selected" : `${noun(count)} selected`}
        </p>
        {canSelectMatching || allMatching ? (
          <button type="button" onClick={() => props.onSelectAllMatching(!allMatching)} className="text-sm font-semibold text-brand-700 underline hover:no-underline">
            {allMatching ? "Select only this page" : `Select all ${totalExact || total <= BULK_MAX ? "" : "up to "}${Math.min(total, BULK_MAX).toLocaleString("en-US")} matching`}
          </button>
        ) : null}
        {allMatching && total > BULK_MAX ? <p className="text-xs text-slate-500">The newest {BULK_MAX.toLocaleString("en-US")} of them, at most, per action.</p> : null}
      </div>
      <BulkApplicationActions
        of="applications"
        stages={stages}
        reasons={reasons}
        templates={templates}
        errors={errors}
        busy={busy}
        none={none}
        hydrated={hydrated}
        rejectLabel={hydrated ? `Reject ${noun(count)}` : "Reject the ticked applications"}
      />
    </div>
  );
}

const WORDS = {
  applications: {
    move: "Move the selected to",
    noJob: "Filter by a job to move applications to one of its stages.",
    panel: "Reject the selected applications",
  },
  candidates: {
    move: "Move their applications to",
    noJob: "Filter by a job to move or reject their applications to it.",
    panel: "Reject their applications to this job",
  },
} as const;

/**
 * The bulk actions on applications, inside a list's POST form with its checkboxes: move them to a
 * stage (when the list is filtered by a job), email each candidate a template, tag their candidates
 * (the applications list), or reject them for a reason with an optional email, now or later. Reject
 * opens its panel first: the choice of reason and the button naming how many is the confirmation.
 * Without JavaScript the panel is open. The candidates list (`of="candidates"`) acts on the ticked
 * candidates' applications: to the job it is filtered by (move, reject) or their newest (email).
 */
export function BulkApplicationActions({
  of,
  stages,
  reasons,
  templates,
  errors,
  busy,
  none,
  hydrated,
  rejectLabel,
}: {
  of: keyof typeof WORDS;
  stages: readonly { id: string; name: string }[];
  reasons: readonly { id: string; name: string }[];
  templates: readonly { id: string; name: string }[];
  errors: FieldErrors | null;
  busy: boolean;
  /** Nothing is ticked: the buttons wait. */
  none: boolean;
  hydrated: boolean;
  rejectLabel: string;
}) {
  const id = useId();
  const words = WORDS[of];
  const [rejecting, setRejecting] = useState(false);
  // Rejecting candidates' applications needs the job the list is filtered by, as moving does.
  const canReject = of === "applications" || stages.length > 0;
  const panelOpen = canReject && (!hydrated || rejecting || Boolean(errors?.reasonId || errors?.templateId));
  // The candidates list's own bar says what concerns the ticked candidates (none, too many, a refusal).
  const error = of === "applications" ? (errors?.applicationIds ?? errors?.stageId ?? errors?.emailTemplateId ?? errors?.tag ?? errors?.form) : (errors?.stageId ?? errors?.emailTemplateId);
  // Emailing and tagging are for the roles that may (decision 096): a hiring manager moves and rejects.
  const can = useCan();

  return (
    <>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {stages.length > 0 ? (
          <div className="flex items-end gap-2">
            <div>
              {/* Not "stage": the list's own Stage filter keeps that label to itself. */}
              <label htmlFor={`${id}-move`} className="block text-xs font-medium text-slate-600">
                {words.move}
              </label>
              <select id={`${id}-move`} name="stageId" defaultValue="" className={`${inputStyles} mt-1`}>
                <NamedOptions items={stages} placeholder="Choose a stage" />
              </select>
            </div>
            <Button type="submit" name="intent" value="bulk-move" variant="secondary" disabled={none || busy}>
              Move
            </Button>
          </div>
        ) : (
          <p className="text-xs text-slate-500">{words.noJob}</p>
        )}
        {templates.length > 0 && can("candidates.email") ? (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={`${id}-email`} className="block text-xs font-medium text-slate-600">
                Email them a template
              </label>
              <select id={`${id}-email`} name="emailTemplateId" defaultValue="" aria-invalid={errors?.emailTemplateId ? true : undefined} className={`${inputStyles} mt-1`}>
                <NamedOptions items={templates} placeholder="Choose a template" />
              </select>
            </div>
            <Button type="submit" name="intent" value="bulk-email" variant="secondary" disabled={none || busy}>
              Send
            </Button>
          </div>
        ) : null}
        {of === "applications" && can("candidates.manage") ? (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={`${id}-tag`} className="block text-xs font-medium text-slate-600">
                Tag their candidates
              </label>
              <input
                id={`${id}-tag`}
                name="tag"
                type="text"
                autoComplete="off"
                maxLength={50}
                placeholder="e.g. Silver medalist"
                aria-invalid={errors?.tag ? true : undefined}
                className={`${inputStyles} mt-1 w-44`}
              />
            </div>
            <Button type="submit" name="intent" value="bulk-tag" variant="secondary" disabled={none || busy}>
              Add tag
            </Button>
          </div>
        ) : null}
        {canReject && hydrated && !panelOpen ? (
          <Button type="button" variant="danger" disabled={none} onClick={() => setRejecting(true)} className="sm:ml-auto">
            Reject…
          </Button>
        ) : null}
      </div>
      {panelOpen ? (
        <fieldset className="mt-3 rounded-lg border border-red-200 bg-white p-3">
          <legend className="px-1 text-sm font-semibold text-slate-900">{words.panel}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-600">
                Reason
              </label>
              <select
                id={`${id}-reason`}
                name="reasonId"
                defaultValue=""
                aria-invalid={errors?.reasonId ? true : undefined}
                aria-describedby={errors?.reasonId ? `${id}-reason-error` : undefined}
                className={`${inputStyles} mt-1`}
              >
                <NamedOptions items={reasons} placeholder="Choose a reason" />
              </select>
              {errors?.reasonId ? (
                <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-600">
                  {errors.reasonId}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={`${id}-template`} className="block text-xs font-medium text-slate-600">
                Email each candidate
              </label>
              <select id={`${id}-template`} name="templateId" defaultValue="" className={`${inputStyles} mt-1`}>
                <NamedOptions items={templates} placeholder="No email" />
              </select>
              {errors?.templateId ? <p className="mt-1 text-sm text-red-600">{errors.templateId}</p> : null}
            </div>
            <div>
              <label htmlFor={`${id}-delay`} className="block text-xs font-medium text-slate-600">
                Send the email
              </label>
              <select id={`${id}-delay`} name="delay" defaultValue="0" className={`${inputStyles} mt-1`}>
                {REJECTION_EMAIL_DELAYS.map((delay) => (
                  <option key={delay.value} value={delay.value}>
                    {delay.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="mt-2 text-xs text-slate-500">
            Each candidate gets the template filled in for them. Applications already rejected are left as they are; each rejection can be undone from its application.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="bulk-reject" variant="danger" disabled={none || busy}>
              {rejectLabel}
            </Button>
            {hydrated ? (
              <Button type="button" variant="secondary" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </>
  );
}

import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Form, useLocation, useSearchParams } from "react-router";
import { buttonStyles } from "./button";
import { KeptQuery } from "./kept-query";

type Variant = keyof typeof buttonStyles;

interface ConfirmActionProps {
  /** Names this confirmation in the address (`?confirm=<id>`): unique on the page. */
  id: string;
  /** The trigger's text, and its accessible name when it needs more context (e.g. "Remove ana@acme.test"). */
  label: string;
  ariaLabel?: string;
  variant?: Variant;
  /** The question and what happens, in the dialog. */
  title: string;
  description: ReactNode;
  /** The confirming button's text: the action itself, e.g. "Close job". */
  confirmLabel: string;
  /** Its look: red for what destroys or takes away (the default); `primary` for a decision such as Hire. */
  confirmVariant?: Variant;
  /** Where the confirmed form posts (default: this route's action); its hidden fields go in `children`. */
  action?: string;
  children?: ReactNode;
  /** Show the confirmation already (e.g. its form answered an error that must stay visible). */
  open?: boolean;
  /** Where Cancel returns to on the page without JavaScript (a section's id), so the place is kept. */
  anchor?: string;
  /** Checks the confirmed form's fields (e.g. a password) before it posts; preventDefault keeps the dialog open. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The one confirmation of destructive actions (close a job, reject an application, remove a
 * member, delete a template…). The trigger is a button; with JavaScript it opens a modal dialog
 * whose confirming button posts the real form. Without JavaScript the trigger asks for the same
 * page with `?confirm=<id>`, which renders the same confirmation in place: the action never
 * runs from a single click either way. Escape or Cancel closes it.
 */
export function ConfirmAction({ id, label, ariaLabel, variant = "danger", title, description, confirmLabel, confirmVariant = "danger", action, children, open = false, anchor, onSubmit, onChange }: ConfirmActionProps) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [dialogOpen, setDialogOpen] = useState(false);
  const titleId = useId();
  const inPlace = open || searchParams.get("confirm") === id;

  const body = (onCancel: ReactNode) => (
    <>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div id={`${titleId}-description`} className="mt-2 text-sm text-slate-600">
        {description}
      </div>
      <Form
        method="post"
        action={action}
        noValidate
        className="mt-4 space-y-4"
        onChange={onChange}
        onSubmit={(event) => {
          onSubmit?.(event);
          if (!event.defaultPrevented) setDialogOpen(false);
        }}
      >
        {children}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonStyles[confirmVariant]}>
            {confirmLabel}
          </button>
          {onCancel}
        </div>
      </Form>
    </>
  );

  if (inPlace) {
    const rest = new URLSearchParams(searchParams);
    rest.delete("confirm");
    const query = rest.toString();
    return (
      <div id={`confirm-${id}`} role="alertdialog" aria-labelledby={titleId} aria-describedby={`${titleId}-description`} className="w-full rounded-lg border border-red-200 bg-red-50 p-4">
        {body(
          <a href={`${location.pathname}${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`} className={buttonStyles.ghost}>
            Cancel
          </a>,
        )}
      </div>
    );
  }

  return (
    <>
      {/* Without JavaScript: the same page with the confirmation in place, scrolled to it. */}
      <Form method="get" action={`${location.pathname}#confirm-${id}`} preventScrollReset>
        <KeptQuery drop={["confirm"]} />
        <button
          type="submit"
          name="confirm"
          value={id}
          aria-label={ariaLabel}
          aria-haspopup="dialog"
          className={buttonStyles[variant]}
          onClick={(event) => {
            event.preventDefault();
            setDialogOpen(true);
          }}
        >
          {label}
        </button>
      </Form>
      {dialogOpen ? (
        <dialog
          ref={(node) => {
            if (!node || node.open) return;
            node.showModal();
            // The form's first field, or else Cancel: never the destructive button by default.
            node.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, [data-cancel]")?.focus();
          }}
          role="alertdialog"
          aria-labelledby={titleId}
          aria-describedby={`${titleId}-description`}
          onClose={() => setDialogOpen(false)}
          className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/40"
        >
          {body(
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialogOpen(false)} data-cancel>
              Cancel
            </button>,
          )}
        </dialog>
      ) : null}
    </>
  );
}

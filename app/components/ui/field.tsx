import { type ComponentProps, type ReactNode, useId } from "react";

/** A text box's, text area's or select's classes: `.field-control` in app.css (decision 101). */
export const inputStyles = "field-control";

/** What every labelled control takes besides its own attributes. */
interface ControlProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** The control's attributes that tie it to its label and messages. */
interface ControlA11y {
  id: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A label, the control it names, and the control's error or hint under it. */
function LabelledControl({ label, error, hint, className = "", control }: ControlProps & { control: (a11y: ControlA11y) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control({ id, className: `${inputStyles} mt-1`, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, hint) })}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled input with its error message tied to it for assistive technology. */
export function Field({ label, error, hint, className, ...input }: ControlProps & Omit<ComponentProps<"input">, "id" | "className">) {
  return <LabelledControl label={label} error={error} hint={hint} className={className} control={(a11y) => <input {...a11y} {...input} />} />;
}

/** A labelled textarea, its messages tied to it like Field's. */
export function TextAreaField({ label, error, hint, className, ...props }: ControlProps & Omit<ComponentProps<"textarea">, "id" | "className">) {
  return <LabelledControl label={label} error={error} hint={hint} className={className} control={(a11y) => <textarea {...a11y} {...props} />} />;
}

/** A labelled select of value/label options, its messages tied to it like Field's. */
export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  ...props
}: ControlProps & Omit<ComponentProps<"select">, "id" | "className"> & { options: readonly { value: string; label: string }[] }) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(a11y) => (
        <select {...a11y} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

const fileInputStyles =
  "mt-1 block w-full rounded-lg text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/30 aria-[invalid=true]:text-red-700";

/** A labelled file picker, its messages tied to it like Field's. */
export function FileField({ label, error, hint, className, ...input }: ControlProps & Omit<ComponentProps<"input">, "id" | "className" | "type">) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(a11y) => <input {...a11y} className={fileInputStyles} type="file" {...input} />}
    />
  );
}

/** The ids of what FieldMessages shows for a control, for its aria-describedby. */
function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/**
 * Under a control: its error (`{id}-error`), or else its hint (`{id}-hint`), for the control's
 * aria-describedby to point at.
 */
export function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </>
  );
}

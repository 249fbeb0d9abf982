import { type ComponentProps, type ReactNode, useId } from "react";
import { describedBy, FieldMessages, inputStyles } from "~/components/ui/field";

interface ControlProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className = "", ...props }: ControlProps & Omit<ComponentProps<"textarea">, "id">) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={id} className={`${inputStyles} mt-1`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...props} />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className = "",
  options,
  ...props
}: ControlProps & Omit<ComponentProps<"select">, "id"> & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select id={id} className={`${inputStyles} mt-1`} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** "full-time" → "Full-time". */
export function capitalise(value: string): string {
  return value ? value[0]!.toUpperCase() + value.slice(1) : value;
}

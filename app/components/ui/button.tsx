import type { ComponentProps } from "react";
import { Link } from "react-router";

/** Each variant's classes: `.btn` and `.btn-<variant>` in app.css (decision 101); utilities added after them win. */
export const buttonStyles = {
  primary: "btn btn-primary",
  secondary: "btn btn-secondary",
  ghost: "btn btn-ghost",
  danger: "btn btn-danger",
} as const;

type Variant = keyof typeof buttonStyles;

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: Variant }) {
  return <button type={type} className={className ? `${buttonStyles[variant]} ${className}` : buttonStyles[variant]} {...props} />;
}

export function ButtonLink({
  variant = "primary",
  className = "",
  ...props
}: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link className={className ? `${buttonStyles[variant]} ${className}` : buttonStyles[variant]} {...props} />;
}

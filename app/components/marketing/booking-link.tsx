import type { ReactNode } from "react";
import { buttonStyles } from "~/components/ui/button";
import { Icon } from "./icon";
import { useBookingUrl } from "./site-links";

/** A link to the external booking calendar, opened in a new tab. */
export function BookingLink({
  children,
  variant = "primary",
  size = "md",
  className = "",
}: {
  children: ReactNode;
  variant?: keyof typeof buttonStyles | "onDark";
  size?: "md" | "lg";
  className?: string;
}) {
  const bookingUrl = useBookingUrl();
  const style =
    variant === "onDark"
      ? "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-sm transition-colors hover:bg-brand-50"
      : buttonStyles[variant];
  return (
    <a href={bookingUrl} target="_blank" rel="noopener noreferrer" className={`${style} ${size === "lg" ? "px-5 py-3 text-base" : ""} ${className}`}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      <Icon name="external" className="size-4 opacity-70" />
    </a>
  );
}

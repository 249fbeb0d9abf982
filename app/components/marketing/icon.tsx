/** A small set of line icons (24×24, stroke) for the marketing pages: no icon font, no extra request. */
import { ICON_PATHS as PATHS, type IconName } from "~/content/icons";

export type { IconName };

export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

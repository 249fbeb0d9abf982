import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A staff page's way back up ("Back to Jobs", "Back to Candidates"), above its heading. The arrow
 * is drawn by the style sheet (`.arrow-back`), so the page's markup stays Latin-1 (decision 133).
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="arrow-back text-sm font-semibold text-brand-600 hover:text-brand-700">
      {children}
    </Link>
  );
}

import { RowLink } from "./row-link";

export function Logo({ to = "/" }: { to?: string }) {
  return (
    <RowLink to={to} discover className="inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      OpenHire
    </RowLink>
  );
}

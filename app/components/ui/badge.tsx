import type { ReactNode } from "react";

const tones = {
  green: "bg-green-100 text-green-800",
  grey: "bg-slate-100 text-slate-700",
  red: "bg-red-100 text-red-800",
  blue: "bg-blue-100 text-blue-800",
  yellow: "bg-yellow-100 text-yellow-800",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    // `badge` (app.css): one name for what every row of a list repeats.
    <span className={`badge ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** Spec: published green, draft grey, closed red. */
export function jobStatusTone(status: string): BadgeTone {
  return status === "published" ? "green" : status === "closed" ? "red" : "grey";
}

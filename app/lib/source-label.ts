/** What people read for an application's or a candidate's source (decision 079). */
export function sourceLabel(source: string, detail: string | null): string {
  switch (source) {
    case "job_board":
      return "Job board";
    case "careers_page":
      return "Careers page";
    case "campaign":
    case "referrer":
      return detail ?? (source === "campaign" ? "Campaign" : "Another site");
    case "added":
      return detail ? `Added by ${detail}` : "Added by staff";
    case "api":
      return "API";
    case "import":
      // Who imported them, the file, and the source its row gave (decision 085).
      return detail ? `Imported by ${detail}` : "Import";
    default:
      return source;
  }
}

import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { LocalDate } from "~/components/ui/local-date";
import { stripQuotedHistory } from "~/lib/quoted-reply";

export interface ThreadItem {
  id: string;
  direction: "outbound" | "inbound";
  /** A reply's sender, as its From header gave it. */
  from: string | null;
  subject: string;
  body: string;
  status: string;
  error: string | null;
  createdAt: string;
  scheduledFor: string | null;
  attachments: { name: string; bytes: number }[];
}

const EMAIL_STATUS_TONE = { sent: "green", pending: "yellow", failed: "red", cancelled: "grey" } as const;

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An application's emails with its candidate, newest first (issue 13, decision 097): each email sent
 * (open it for its text; one still waiting can be cancelled) and each reply, "Reply from <name>"
 * with its own words shown and the history it quoted behind "Show the whole reply" (which then takes
 * the new text's place). Every text is
 * rendered as text: a reply's HTML never reaches the page.
 */
export function EmailThread({
  emails,
  candidate,
  busy,
}: {
  emails: readonly ThreadItem[];
  candidate: { name: string; email: string };
  busy: boolean;
}) {
  if (emails.length === 0) return null;
  return (
    <ul className="mt-5 space-y-3 border-t border-slate-100 pt-4 text-sm" aria-label="Email thread">
      {emails.map((email) => (email.direction === "inbound" ? <Reply key={email.id} email={email} candidateName={candidate.name} candidateEmail={candidate.email} /> : <Sent key={email.id} email={email} busy={busy} />))}
    </ul>
  );
}

function Reply({ email, candidateName, candidateEmail }: { email: ThreadItem; candidateName: string; candidateEmail: string }) {
  const preview = stripQuotedHistory(email.body);
  const quoted = preview !== email.body.replace(/\r\n?/g, "\n").trimEnd();
  // The sender is worth a line when it is not the address she applied with (a work account, a forward).
  const otherSender = email.from && !email.from.toLowerCase().includes(candidateEmail.toLowerCase()) ? email.from : null;
  return (
    <li>
      <article aria-label={`Reply from ${candidateName}: ${email.subject}`} className="group/reply rounded-lg border border-brand-100 bg-brand-50/40 p-3">
        <p className="font-medium text-slate-900">Reply from {candidateName}</p>
        <p className="text-xs text-slate-500 wrap-anywhere">
          {otherSender ? `Sent from ${otherSender} · ` : ""}
          Received <LocalDate value={email.createdAt} withTime />
        </p>
        <p className="mt-2 font-medium text-slate-800 wrap-anywhere">{email.subject}</p>
        <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-700 group-has-[details[open]]/reply:hidden">
          {preview || <span className="text-slate-500">No new text: the reply only quotes earlier emails.</span>}
        </p>
        {quoted ? (
          <details className="group/quote mt-2">
            <summary className="cursor-pointer text-xs font-semibold text-brand-700 hover:text-brand-800">
              <span className="group-open/quote:hidden">Show the whole reply</span>
              <span className="hidden group-open/quote:inline">Show only the new text</span>
            </summary>
            <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-slate-700">{email.body}</p>
          </details>
        ) : null}
        {email.attachments.length > 0 ? (
          <p className="mt-2 text-xs text-slate-500 wrap-anywhere">
            Attachments not kept: {email.attachments.map((attachment) => `${attachment.name} (${size(attachment.bytes)})`).join(", ")}
          </p>
        ) : null}
      </article>
    </li>
  );
}

function Sent({ email, busy }: { email: ThreadItem; busy: boolean }) {
  return (
    <li>
      <details>
        <summary className="cursor-pointer list-none">
          <span className="font-medium text-slate-900">{email.subject}</span>{" "}
          <Badge tone={EMAIL_STATUS_TONE[email.status as keyof typeof EMAIL_STATUS_TONE] ?? "blue"}>{email.scheduledFor ? "scheduled" : email.status}</Badge>
          <span className="block text-xs text-slate-500">
            <LocalDate value={email.createdAt} withTime />
            {email.error ? ` · ${email.error}` : ""}
            {email.scheduledFor ? (
              <>
                {" · leaves "}
                <LocalDate value={email.scheduledFor} withTime />
              </>
            ) : null}
          </span>
        </summary>
        <p className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-700">{email.body}</p>
      </details>
      {email.scheduledFor ? (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="cancel-email" />
          <input type="hidden" name="messageId" value={email.id} />
          <button type="submit" disabled={busy} className="text-xs font-semibold text-red-700 hover:text-red-800">
            Cancel sending<span className="sr-only"> “{email.subject}”</span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

import { applicationHref } from "~/lib/application-href";
import type { OutgoingEmail } from "../mail/mailer.server";
import { EMAIL_SIGNATURE } from "../mail/mailer.server";
import { config } from "../platform/config.server";
import { absoluteUrl } from "~/lib/absolute-url";

/** What a mention email says about its note: where it is and what it says. */
export interface MentionedNote {
  id: string;
  body: string;
  candidateId: string;
  candidateName: string;
  applicationId: string | null;
  jobTitle: string | null;
}

/** The page that shows a note, at the note. */
export function notePath(note: { id: string; candidateId: string; applicationId: string | null }): string {
  return note.applicationId ? applicationHref(note.applicationId, "notes", `note-${note.id}`) : `/candidates/${note.candidateId}#note-${note.id}`;
}

/** "Jane Doe (Frontend Engineer)", or the candidate alone for a note on the candidate. */
export function noteSubject(note: { candidateName: string; jobTitle: string | null }): string {
  return note.jobTitle ? `${note.candidateName} (${note.jobTitle})` : note.candidateName;
}

const link = (note: MentionedNote) => absoluteUrl(config.baseUrl, notePath(note));

/** The longest stretch of a note an email quotes. */
const QUOTE_MAX = 1000;

function quote(text: string): string {
  const cut = text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
  return cut
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join("\n");
}

/** "At once": one mention, one email. `note.body` is the note as plain text (mentions as @Name). */
export function mentionEmail(to: string, note: MentionedNote & { authorName: string }): OutgoingEmail {
  return {
    to,
    kind: "mention",
    subject: `${note.authorName} mentioned you in a note on ${noteSubject(note)}`,
    body: `${note.authorName} mentioned you in a note on ${noteSubject(note)}:\n\n${quote(note.body)}\n\nOpen it: ${link(note)}${EMAIL_SIGNATURE}`,
  };
}

/** "Daily digest": every mention not yet emailed, oldest first, in one email. */
export function mentionDigestEmail(to: string, mentions: readonly (MentionedNote & { authorName: string })[]): OutgoingEmail {
  const count = mentions.length === 1 ? "1 mention" : `${mentions.length} mentions`;
  const items = mentions.map((note) => `${note.authorName} on ${noteSubject(note)}:\n${quote(note.body)}\n${link(note)}`);
  return {
    to,
    kind: "mention-digest",
    subject: `Your daily digest: ${count} in notes`,
    body: `Your teammates mentioned you in notes since your last digest (${count}):\n\n${items.join("\n\n")}\n\nChange how you hear about mentions in Settings › Profile.${EMAIL_SIGNATURE}`,
  };
}

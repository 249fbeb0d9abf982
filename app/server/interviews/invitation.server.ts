import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { formatInterviewTime } from "~/schemas/zoned-time";
import { EMAIL_SIGNATURE } from "../mail/mailer.server";

/*
 * Interview invitations (decision 102): the iCalendar text each email carries, built with
 * ical-generator, and the email's own words. Times in the .ics are UTC instants (DTSTART…Z), which
 * every calendar places in its owner's zone; the email states the time in the recipient's zone and
 * names it.
 */

export interface InvitationPerson {
  name: string;
  email: string;
}

export interface InvitationInterview {
  uid: string;
  sequence: number;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  location: string;
  notesForInterviewers: string;
}

export interface InvitationParties {
  organizer: InvitationPerson;
  candidate: InvitationPerson;
  interviewers: InvitationPerson[];
  companyName: string;
  jobTitle: string;
}

export type InvitationAudience = "candidate" | "interviewer";

/**
 * The iCalendar object of one invitation: METHOD:REQUEST (a new or moved interview) or CANCEL, the
 * interview's stable UID and its SEQUENCE, the organizer, and every interviewer and the candidate as
 * attendees. The candidate's copy leaves out the notes for interviewers.
 */
export function buildInvitationCalendar(
  method: "REQUEST" | "CANCEL",
  interview: InvitationInterview,
  parties: InvitationParties,
  audience: InvitationAudience,
  stamp: Date = new Date(),
): string {
  const calendar = ical({
    prodId: { company: "OpenHire", product: "Interviews", language: "EN" },
    method: method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: interview.uid,
    sequence: interview.sequence,
    stamp,
    start: interview.startsAt,
    end: new Date(interview.startsAt.getTime() + interview.durationMinutes * 60_000),
    summary: summaryFor(interview, parties, audience),
    description: descriptionFor(interview, parties, audience),
    location: interview.location || null,
    organizer: { name: parties.organizer.name, email: parties.organizer.email },
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: [
      ...parties.interviewers.map((person) => ({
        name: person.name,
        email: person.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: method === "REQUEST",
      })),
      {
        name: parties.candidate.name,
        email: parties.candidate.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: method === "REQUEST",
      },
    ],
  });
  return calendar.toString();
}

/** What an event is about, in an invitation and in a calendar feed. */
export interface EventParties {
  candidate: { name: string };
  interviewers: { name: string }[];
  companyName: string;
  jobTitle: string;
}

/** An event's SUMMARY: the candidate's copy names the job and company, staff's the candidate and the job. */
export function summaryFor(interview: InvitationInterview, parties: EventParties, audience: InvitationAudience): string {
  return audience === "candidate"
    ? `${interview.title}: ${parties.jobTitle} at ${parties.companyName}`
    : `${interview.title}: ${parties.candidate.name} (${parties.jobTitle})`;
}

/** An event's DESCRIPTION: staff's copy holds the candidate's name and the notes for interviewers, the candidate's neither. */
export function descriptionFor(interview: InvitationInterview, parties: EventParties, audience: InvitationAudience): string {
  const lines = [
    `${interview.title} for ${parties.jobTitle} at ${parties.companyName}.`,
    `Time zone given: ${interview.timeZone}.`,
    `Interviewers: ${parties.interviewers.map((person) => person.name).join(", ")}.`,
  ];
  if (interview.location) lines.push(`Where: ${interview.location}`);
  if (audience === "interviewer") {
    lines.push(`Candidate: ${parties.candidate.name}`);
    if (interview.notesForInterviewers) lines.push("", "Notes for the interviewers:", interview.notesForInterviewers);
  }
  return lines.join("\n");
}

export type InvitationChange = "scheduled" | "rescheduled" | "cancelled";

/**
 * The email that carries an invitation: its subject and text, the time stated in `recipientZone` (the
 * recipient's own zone where known, else the interview's) with that zone named. A candidate's email
 * never holds the notes for interviewers.
 */
export function invitationEmail(
  change: InvitationChange,
  interview: InvitationInterview,
  parties: InvitationParties,
  recipient: { name: string; audience: InvitationAudience; timeZone: string | null },
): { subject: string; body: string } {
  const zone = recipient.timeZone ?? interview.timeZone;
  const when = formatInterviewTime(interview.startsAt, interview.durationMinutes, zone);
  const about = recipient.audience === "candidate" ? `${interview.title} for ${parties.jobTitle} at ${parties.companyName}` : `${interview.title} with ${parties.candidate.name} (${parties.jobTitle})`;
  const subject =
    change === "scheduled" ? `Interview invitation: ${about}` : change === "rescheduled" ? `Interview moved: ${about}` : `Interview cancelled: ${about}`;
  const lines = [`Hi ${recipient.name},`, ""];
  if (change === "cancelled") lines.push(`The interview "${interview.title}" on ${when} is cancelled.`);
  else {
    lines.push(change === "scheduled" ? `You are invited to "${interview.title}".` : `The interview "${interview.title}" has moved.`);
    lines.push("", `When: ${when}`);
    if (recipient.timeZone === null && zone !== "UTC") lines.push(`(Times are in ${zone}, the time zone the interview was scheduled in.)`);
    lines.push(`Interviewers: ${parties.interviewers.map((person) => person.name).join(", ")}`);
    if (interview.location) lines.push(`Where: ${interview.location}`);
    if (recipient.audience === "interviewer") {
      lines.push(`Candidate: ${parties.candidate.name}`);
      if (interview.notesForInterviewers) lines.push("", "Notes for the interviewers:", interview.notesForInterviewers);
    }
    lines.push("", "The attached invitation adds it to your calendar.");
  }
  return { subject, body: lines.join("\n") + EMAIL_SIGNATURE };
}

/**
 * A reminder of an interview (decision 102, "Reminders"), `hours` before it: the time stated in the
 * recipient's own zone where known (decision 103), else the interview's, named. No .ics: the
 * invitation already put it in the calendar. A candidate's reminder never holds the notes for
 * interviewers.
 */
export function reminderEmail(
  interview: InvitationInterview,
  parties: EventParties,
  recipient: { name: string; audience: InvitationAudience; timeZone?: string | null },
): { subject: string; body: string } {
  const zone = recipient.timeZone ?? interview.timeZone;
  const when = formatInterviewTime(interview.startsAt, interview.durationMinutes, zone);
  const about = recipient.audience === "candidate" ? `${interview.title} for ${parties.jobTitle} at ${parties.companyName}` : `${interview.title} with ${parties.candidate.name} (${parties.jobTitle})`;
  const lines = [`Hi ${recipient.name},`, "", `A reminder: "${interview.title}" is coming up.`, "", `When: ${when}`];
  if (!recipient.timeZone && zone !== "UTC") lines.push(`(Times are in ${zone}, the time zone the interview was scheduled in.)`);
  lines.push(`Interviewers: ${parties.interviewers.map((person) => person.name).join(", ")}`);
  if (interview.location) lines.push(`Where: ${interview.location}`);
  if (recipient.audience === "interviewer") {
    lines.push(`Candidate: ${parties.candidate.name}`);
    if (interview.notesForInterviewers) lines.push("", "Notes for the interviewers:", interview.notesForInterviewers);
  }
  return { subject: `Interview reminder: ${about}`, body: lines.join("\n") + EMAIL_SIGNATURE };
}

import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { descriptionFor, type EventParties, type InvitationInterview, summaryFor } from "./invitation.server";

/*
 * A calendar feed's text (decision 102, "Calendar feeds"): METHOD:PUBLISH, one VEVENT per interview
 * with the UID and SEQUENCE its invitations carry (so a calendar holding both keeps one event),
 * DTSTART/DTEND in UTC, STATUS:CANCELLED for a cancelled one. Feeds are staff's only: the events are
 * the interviewers' copies, notes for the interviewers included.
 */

export interface FeedEvent {
  interview: InvitationInterview;
  parties: EventParties;
  cancelled: boolean;
  /** The application's page. */
  url: string;
}

/** How often a subscribed calendar is asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

export function buildFeedCalendar(name: string, events: readonly FeedEvent[], stamp: Date = new Date()): string {
  const calendar = ical({
    name,
    prodId: { company: "OpenHire", product: "Interviews", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const { interview, parties, cancelled, url } of events) {
    calendar.createEvent({
      id: interview.uid,
      sequence: interview.sequence,
      stamp,
      start: interview.startsAt,
      end: new Date(interview.startsAt.getTime() + interview.durationMinutes * 60_000),
      summary: summaryFor(interview, parties, "interviewer"),
      description: descriptionFor(interview, parties, "interviewer"),
      location: interview.location || null,
      url,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

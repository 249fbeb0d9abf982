import ICAL from "ical.js";

/** An invitation read back with ical.js (a parser other than the library that wrote it). */
export interface ParsedInvitation {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: Date;
  end: Date;
  /** DTSTART as written, e.g. 20260330T080000Z. */
  dtstartText: string;
  summary: string;
  description: string;
  location: string;
  organizer: string;
  /** The attendees' addresses, lower case, without mailto:. */
  attendees: string[];
}

export function parseInvitation(text: string): ParsedInvitation {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents("vevent");
  if (vevents.length !== 1) throw new Error(`Expected one VEVENT, found ${vevents.length}`);
  const vevent = vevents[0]!;
  const event = new ICAL.Event(vevent);
  const address = (value: unknown) => String(value).replace(/^mailto:/i, "").toLowerCase();
  const dtstart = /^DTSTART[^:]*:(.*)$/m.exec(text.replace(/\r\n[ \t]/g, ""))?.[1]?.trim() ?? "";
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: event.uid,
    sequence: Number(vevent.getFirstPropertyValue("sequence") ?? 0),
    status: String(vevent.getFirstPropertyValue("status") ?? ""),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    dtstartText: dtstart,
    summary: event.summary,
    description: event.description ?? "",
    location: event.location ?? "",
    organizer: address(vevent.getFirstPropertyValue("organizer")),
    attendees: vevent.getAllProperties("attendee").map((property) => address(property.getFirstValue())),
  };
}

/** A published calendar (a feed) read back with ical.js: its METHOD, its name and every event. */
export interface ParsedFeed {
  method: string;
  name: string;
  events: Omit<ParsedInvitation, "method" | "organizer" | "attendees">[];
}

export function parseFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  const dtstarts = [...unfolded.matchAll(/^DTSTART[^:]*:(.*)$/gm)].map((match) => match[1]!.trim());
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    name: String(calendar.getFirstPropertyValue("x-wr-calname") ?? ""),
    events: calendar.getAllSubcomponents("vevent").map((vevent, index) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: Number(vevent.getFirstPropertyValue("sequence") ?? 0),
        status: String(vevent.getFirstPropertyValue("status") ?? ""),
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
        dtstartText: dtstarts[index] ?? "",
        summary: event.summary,
        description: event.description ?? "",
        location: event.location ?? "",
      };
    }),
  };
}

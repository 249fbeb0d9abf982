import { describe, expect, it } from "vitest";
import { DEFAULT_WORKING_HOURS } from "~/schemas/availability";
import { availableSlots, type InterviewerTime, slotIsFree, workingSpans } from "./slots";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16) + "Z";
const person = (timeZone: string, extra: Partial<InterviewerTime> = {}): InterviewerTime => ({
  timeZone,
  workingHours: DEFAULT_WORKING_HOURS,
  interviews: [],
  blocked: [],
  ...extra,
});
const query = (from: string, until: string, interviewers: InterviewerTime[], extra: { durationMinutes?: number; bufferMinutes?: number } = {}) => ({
  from: at(from),
  until: at(until),
  durationMinutes: extra.durationMinutes ?? 60,
  bufferMinutes: extra.bufferMinutes ?? 0,
  stepMinutes: 15,
  interviewers,
});
/** The slots of one UTC day, as "HH:MM". */
const times = (slots: number[], day: string) => slots.map(iso).filter((s) => s.startsWith(day)).map((s) => s.slice(11, 16));

describe("self-scheduling slots", () => {
  it("offers every quarter hour an hour-long interview fits in a Berlin working day, in UTC as Berlin's clocks say", () => {
    // Monday 22 March 2027: Berlin is UTC+1, so 09:00–17:00 is 08:00–16:00 UTC; the last hour starts 15:00.
    const slots = availableSlots(query("2027-03-22T00:00:00Z", "2027-03-23T00:00:00Z", [person("Europe/Berlin")]));
    expect(slots.map(iso)[0]).toBe("2027-03-22T08:00Z");
    expect(slots.map(iso).at(-1)).toBe("2027-03-22T15:00Z");
    expect(slots).toHaveLength(29);
  });

  it("follows Berlin's clocks across the spring change: 09:00 is 08:00 UTC on Friday and 07:00 UTC on Monday", () => {
    const slots = availableSlots(query("2027-03-26T00:00:00Z", "2027-03-30T00:00:00Z", [person("Europe/Berlin")]));
    expect(times(slots, "2027-03-26")[0]).toBe("08:00");
    // No weekend slots.
    expect(times(slots, "2027-03-27")).toEqual([]);
    expect(times(slots, "2027-03-28")).toEqual([]);
    expect(times(slots, "2027-03-29")[0]).toBe("07:00");
    expect(times(slots, "2027-03-29").at(-1)).toBe("14:00");
  });

  it("meets where two interviewers' days overlap, which moves as New York and then Berlin change their clocks", () => {
    const pair = [person("Europe/Berlin"), person("America/New_York")];
    // 12 March: New York 09:00 EST is 14:00 UTC, Berlin 17:00 CET is 16:00 UTC: two hours, five hour-long starts.
    expect(times(availableSlots(query("2027-03-12T00:00:00Z", "2027-03-13T00:00:00Z", pair)), "2027-03-12")).toEqual(["14:00", "14:15", "14:30", "14:45", "15:00"]);
    // 22 March: New York is on EDT (13:00 UTC), Berlin not yet (16:00 UTC): three hours.
    const between = times(availableSlots(query("2027-03-22T00:00:00Z", "2027-03-23T00:00:00Z", pair)), "2027-03-22");
    expect([between[0], between.at(-1), between.length]).toEqual(["13:00", "15:00", 9]);
    // 29 March: Berlin on CEST ends at 15:00 UTC: two hours again.
    expect(times(availableSlots(query("2027-03-29T00:00:00Z", "2027-03-30T00:00:00Z", pair)), "2027-03-29")).toEqual(["13:00", "13:15", "13:30", "13:45", "14:00"]);
  });

  it("keeps the buffer around other interviews and leaves out blocked times", () => {
    // Berlin, Monday 22 March (UTC+1): an interview 10:00–11:00 local (09:00–10:00 UTC), a 15-minute buffer.
    const busy = person("Europe/Berlin", { interviews: [{ start: at("2027-03-22T09:00:00Z"), end: at("2027-03-22T10:00:00Z") }] });
    const day = times(availableSlots(query("2027-03-22T00:00:00Z", "2027-03-23T00:00:00Z", [busy], { bufferMinutes: 15 })), "2027-03-22");
    // 09:00 local would end at 10:00, inside the buffer from 09:45: nothing before; the first after is 11:15 local.
    expect(day[0]).toBe("10:15");
    expect(day).not.toContain("08:00");
    const blocked = person("Europe/Berlin", { blocked: [{ start: at("2027-03-22T08:00:00Z"), end: at("2027-03-22T14:00:00Z") }] });
    expect(times(availableSlots(query("2027-03-22T00:00:00Z", "2027-03-23T00:00:00Z", [blocked])), "2027-03-22")).toEqual(["14:00", "14:15", "14:30", "14:45", "15:00"]);
  });

  it("starts no earlier than `from`, on the quarter hour, and honours each member's own weekly hours", () => {
    const late = availableSlots(query("2027-03-22T12:07:00Z", "2027-03-23T00:00:00Z", [person("Europe/Berlin")]));
    expect(iso(late[0]!)).toBe("2027-03-22T12:15Z");
    const saturdays = person("Europe/Berlin", { workingHours: [{ day: 6, start: "10:00", end: "12:00" }] });
    const week = availableSlots(query("2027-03-22T00:00:00Z", "2027-03-29T00:00:00Z", [saturdays])).map(iso);
    expect(week[0]).toBe("2027-03-27T09:00Z");
    expect(week).toHaveLength(5);
  });

  it("a working day that starts in the clocks' gap starts when they resume", () => {
    // New York's clocks skip 02:00–03:00 on Sunday 14 March 2027.
    const spans = workingSpans("America/New_York", [{ day: 7, start: "02:30", end: "04:00" }], at("2027-03-14T00:00:00Z"), at("2027-03-15T00:00:00Z"));
    expect(spans.map((span) => [iso(span.start), iso(span.end)])).toEqual([["2027-03-14T07:00Z", "2027-03-14T08:00Z"]]);
  });

  it("checks one start again as a booking does: free, taken by a new interview, or outside the hours", () => {
    const base = query("2027-03-22T00:00:00Z", "2027-03-23T00:00:00Z", [person("Europe/Berlin")], { bufferMinutes: 10 });
    expect(slotIsFree(base, at("2027-03-22T09:00:00Z"))).toBe(true);
    const taken = { ...base, interviewers: [person("Europe/Berlin", { interviews: [{ start: at("2027-03-22T10:05:00Z"), end: at("2027-03-22T10:35:00Z") }] })] };
    expect(slotIsFree(taken, at("2027-03-22T09:00:00Z"))).toBe(false);
    expect(slotIsFree(base, at("2027-03-22T06:00:00Z"))).toBe(false);
    expect(slotIsFree(base, at("2027-03-23T09:00:00Z"))).toBe(false);
  });
});

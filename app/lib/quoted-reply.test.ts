import { describe, expect, it } from "vitest";
import { stripQuotedHistory } from "./quoted-reply";

describe("stripQuotedHistory", () => {
  it("cuts at the 'On … wrote:' line and drops everything after it", () => {
    const text = "Tuesday works.\n\nThanks,\nAda\n\nOn Mon, 2 Mar 2026 at 09:00, Acme <jobs@acme.test> wrote:\n> Hi Ada,\n> how about Tuesday?\n\nSome trailing signature";
    expect(stripQuotedHistory(text)).toBe("Tuesday works.\n\nThanks,\nAda");
  });

  it("recognises the header wrapped onto two lines, as Gmail wraps a long one", () => {
    const text = "Yes please.\n\nOn Mon, 2 Mar 2026 at 09:00, Acme Recruiting Team <reply+abc@inbound.acme.test>\nwrote:\n\n> Hi";
    expect(stripQuotedHistory(text)).toBe("Yes please.");
  });

  it("drops lines quoted with '>' wherever they are, keeping the answers between them", () => {
    const text = "> Can you start in May?\nYes.\n>> older\n> And relocate?\nNo, remote please.";
    expect(stripQuotedHistory(text)).toBe("Yes.\nNo, remote please.");
  });

  it("cuts at Outlook's original-message separators", () => {
    expect(stripQuotedHistory("Sounds good.\r\n\r\n-----Original Message-----\r\nFrom: Acme")).toBe("Sounds good.");
    expect(stripQuotedHistory("Sounds good.\n\n________________________________\nFrom: Acme <jobs@acme.test>\nSent: Monday")).toBe("Sounds good.");
  });

  it("leaves a reply without quoted history as it is, and does not mistake a sentence for a header", () => {
    const text = "On Monday I wrote: the code, the tests.\nA line with > inside stays.";
    expect(stripQuotedHistory(text)).toBe(text);
  });
});

import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NOTICES, noticeCookie, parseNotice, redirectWithNotice, takeNotice } from "./notice.server";
import { responseCookiesContext } from "./request-context.server";

const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("the notice carried across a redirect", () => {
  it("redirects with an httpOnly, short-lived cookie naming the notice", () => {
    const response = redirectWithNotice("/manage/jobs", "job-published");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/manage/jobs");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^openhire_notice=job-published\.[0-9a-f]{12}; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax/);
    expect(parseNotice(cookiePair(setCookie))).toEqual({ id: expect.any(String), message: "Job published." });
  });

  it("keeps the cookies the action already set", () => {
    const response = redirectWithNotice("/settings", "invitation-sent", { headers: [["Set-Cookie", "a=1; Path=/"]] });
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it("keeps every cookie of a new session (a Headers of several Set-Cookie lines) beside its own", () => {
    const session = new Headers();
    session.append("Set-Cookie", "session_token=abc; Path=/; HttpOnly");
    session.append("Set-Cookie", "session_data=def; Path=/; HttpOnly");
    const response = redirectWithNotice("/settings", "password-changed", { headers: session });
    expect(response.headers.getSetCookie().map(cookiePair)).toEqual(["session_token=abc", "session_data=def", expect.stringMatching(/^openhire_notice=password-changed\./)]);
  });

  it("carries every code of its table (a code the cookie cannot hold would show nothing)", () => {
    for (const [code, message] of Object.entries(NOTICES)) {
      expect(parseNotice(cookiePair(noticeCookie(code as keyof typeof NOTICES)))?.message).toBe(message);
    }
  });

  it("tells two notices of the same kind apart", () => {
    const first = parseNotice(cookiePair(noticeCookie("changes-saved")))!;
    const second = parseNotice(cookiePair(noticeCookie("changes-saved")))!;
    expect(first.message).toBe(second.message);
    expect(first.id).not.toBe(second.id);
  });

  it("shows only its own sentences: a forged or unknown cookie shows nothing", () => {
    expect(parseNotice("openhire_notice=<script>.0123456789ab")).toBeUndefined();
    expect(parseNotice("openhire_notice=constructor.0123456789ab")).toBeUndefined();
    expect(parseNotice("openhire_notice=job-published")).toBeUndefined();
    expect(parseNotice("other=1; openhire_notice=job-closed.0123456789ab; x=2")).toEqual({ id: "0123456789ab", message: NOTICES["job-closed"] });
    expect(parseNotice(null)).toBeUndefined();
  });

  it("is taken once: reading it clears its cookie in the same answer", () => {
    const context = new RouterContextProvider();
    const cookies: string[] = [];
    context.set(responseCookiesContext, cookies);
    const request = new Request("http://localhost/manage/jobs", { headers: { Cookie: cookiePair(noticeCookie("draft-saved")) } });
    expect(takeNotice(request, context)?.message).toBe("Draft saved.");
    expect(cookies).toEqual([expect.stringMatching(/^openhire_notice=; Path=\/; Max-Age=0; HttpOnly/)]);

    const none: string[] = [];
    context.set(responseCookiesContext, none);
    expect(takeNotice(new Request("http://localhost/manage/jobs"), context)).toBeUndefined();
    expect(none).toEqual([]);
  });
});

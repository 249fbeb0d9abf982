import { describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES, newsletterEmailError, parseNewsletter } from "./newsletter";

describe("newsletter form", () => {
  it("accepts a plain email, trimmed, from a known page", () => {
    expect(parseNewsletter({ email: "  ada@example.com ", source: "/blog" })).toEqual({
      success: true,
      data: { email: "ada@example.com", source: "/blog" },
    });
  });

  it("requires an email and rejects malformed ones with a clear message", () => {
    expect(newsletterEmailError("")).toBe(NEWSLETTER_MESSAGES.required);
    expect(newsletterEmailError("   ")).toBe(NEWSLETTER_MESSAGES.required);
    for (const bad of ["ada", "ada@", "@example.com", "ada@example", "ada @example.com", "ada@@example.com", "ada@example..com", `${"a".repeat(250)}@example.com`]) {
      expect(newsletterEmailError(bad), bad).toBe(NEWSLETTER_MESSAGES.invalid);
    }
    expect(newsletterEmailError("first.last+tag@sub.example.co.uk")).toBeUndefined();
  });

  it("refuses an unknown source page", () => {
    expect(parseNewsletter({ email: "ada@example.com", source: "/elsewhere" })).toMatchObject({ success: false, errors: { form: expect.any(String) } });
  });
});

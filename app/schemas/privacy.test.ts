import { describe, expect, it } from "vitest";
import { applicationSchema } from "./application";
import { parseForm } from "./parse-form";
import { defaultPrivacyNoticeText, PRIVACY_MESSAGES, privacyNoticeOf, PrivacySettingsSchema, shownPrivacyNotice } from "./privacy";

describe("the apply form's consent boxes (decision 114)", () => {
  const schema = applicationSchema([]);
  const base = { candidate_name: "Ida Lewis", candidate_email: "ida@example.test" };

  it("require the privacy box ticked, by a browser (on) or an API client (true, 1, yes)", () => {
    expect(parseForm(schema, base)).toEqual({ success: false, errors: { privacy_consent: PRIVACY_MESSAGES.consentRequired } });
    for (const refused of ["", "off", "false", "0", "no"]) expect(parseForm(schema, { ...base, privacy_consent: refused }).success).toBe(false);
    for (const ticked of ["on", "true", "1", "yes", " Yes "]) {
      const parsed = parseForm(schema, { ...base, privacy_consent: ticked });
      expect(parsed).toMatchObject({ success: true, data: { privacy_consent: true, talent_pool_consent: false } });
    }
    expect(parseForm(schema, { ...base, privacy_consent: "on", talent_pool_consent: "on" })).toMatchObject({ data: { talent_pool_consent: true } });
  });
});

describe("the privacy notice", () => {
  it("falls back to the default, naming the company, when none (or an empty one) is set", () => {
    expect(privacyNoticeOf({ name: "Acme", kind: null, url: null, text: null })).toEqual({ kind: "default", text: defaultPrivacyNoticeText("Acme") });
    expect(privacyNoticeOf({ name: "Acme", kind: "link", url: null, text: "kept" })).toMatchObject({ kind: "default" });
    expect(defaultPrivacyNoticeText("Acme")).toContain("Acme keeps your application for as long as its retention settings say");
    expect(shownPrivacyNotice(privacyNoticeOf({ name: "Acme", kind: "link", url: "https://acme.example/privacy", text: null }))).toEqual({
      kind: "link",
      shown: "https://acme.example/privacy",
    });
  });

  it("is set as a link (https only) or a text, each required by its kind, both kept", () => {
    expect(parseForm(PrivacySettingsSchema, { kind: "default", url: "", text: "" })).toEqual({ success: true, data: { kind: "default", url: null, text: null } });
    expect(parseForm(PrivacySettingsSchema, { kind: "link", url: "javascript:alert(1)" })).toMatchObject({ errors: { url: PRIVACY_MESSAGES.urlInvalid } });
    expect(parseForm(PrivacySettingsSchema, { kind: "link", url: "http://acme.example/p" })).toMatchObject({ errors: { url: PRIVACY_MESSAGES.urlInvalid } });
    expect(parseForm(PrivacySettingsSchema, { kind: "text", url: "https://acme.example/p" })).toMatchObject({ errors: { text: PRIVACY_MESSAGES.textRequired } });
    expect(parseForm(PrivacySettingsSchema, { kind: "other" }).success).toBe(false);
    expect(parseForm(PrivacySettingsSchema, { kind: "text", url: " https://acme.example/p ", text: " We keep CVs. " })).toEqual({
      success: true,
      data: { kind: "text", url: "https://acme.example/p", text: "We keep CVs." },
    });
  });
});

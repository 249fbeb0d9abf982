import { describe, expect, it } from "vitest";
import { InvitationRegisterSchema, LoginSchema, RegisterSchema } from "./auth";
import { parseForm } from "./parse-form";

describe("LoginSchema", () => {
  it("answers the spec's messages", () => {
    expect(parseForm(LoginSchema, {})).toEqual({
      success: false,
      errors: { email: "Email is required", password: "Password is required" },
    });
    expect(parseForm(LoginSchema, { email: "  ", password: "" })).toMatchObject({
      errors: { email: "Email is required", password: "Password is required" },
    });
    expect(parseForm(LoginSchema, { email: "nope", password: "x" })).toMatchObject({ errors: { email: "Invalid email address" } });
  });

  it("trims the email", () => {
    expect(parseForm(LoginSchema, { email: " a@b.co ", password: "x" })).toEqual({
      success: true,
      data: { email: "a@b.co", password: "x" },
    });
  });
});

describe("RegisterSchema", () => {
  const valid = { fullName: "Ada Lovelace", companyName: "Analytical Engines", email: "a@b.co", password: "long enough", confirmPassword: "long enough" };

  it("accepts matching passwords of 8 characters or more", () => {
    expect(parseForm(RegisterSchema, valid).success).toBe(true);
    expect(parseForm(RegisterSchema, { ...valid, password: "12345678", confirmPassword: "12345678" }).success).toBe(true);
  });

  it("answers the spec's messages with the decided minimum of 8", () => {
    expect(parseForm(RegisterSchema, {})).toMatchObject({
      errors: { email: "Email is required", password: "Password is required", confirmPassword: "Please confirm your password" },
    });
    expect(parseForm(RegisterSchema, { ...valid, password: "1234567", confirmPassword: "1234567" })).toMatchObject({
      errors: { password: "Password must be at least 8 characters" },
    });
    expect(parseForm(RegisterSchema, { ...valid, confirmPassword: "something else" })).toMatchObject({
      errors: { confirmPassword: "Passwords do not match" },
    });
  });

  it("asks for the full name and the company name: optional, trimmed, on one line, at most 100 characters", () => {
    // The spec's register form has only email, password and confirmation: the names may be left out.
    expect(parseForm(RegisterSchema, { ...valid, fullName: " ", companyName: "" })).toMatchObject({
      success: true,
      data: { fullName: undefined, companyName: undefined },
    });
    expect(parseForm(RegisterSchema, { ...valid, fullName: "Ada\u2028Lovelace", companyName: "Acme\tInc" })).toMatchObject({
      errors: { fullName: "Please keep this on one line, without control characters", companyName: "Please keep this on one line, without control characters" },
    });
    expect(parseForm(RegisterSchema, { ...valid, fullName: "x".repeat(101), companyName: "y".repeat(101) })).toMatchObject({
      errors: { fullName: "Full name must be at most 100 characters", companyName: "Company name must be at most 100 characters" },
    });
    expect(parseForm(RegisterSchema, { ...valid, fullName: " Ada ", companyName: " Acme " })).toMatchObject({
      success: true,
      data: { fullName: "Ada", companyName: "Acme" },
    });
  });

  it("refuses passwords over 128 characters", () => {
    const long = "x".repeat(129);
    expect(parseForm(RegisterSchema, { ...valid, password: long, confirmPassword: long })).toMatchObject({
      errors: { password: "Password must be at most 128 characters" },
    });
  });
});

describe("InvitationRegisterSchema", () => {
  it("asks for the full name with the sign-up form's rules, and no company", () => {
    const valid = { fullName: "Nina Newcomer", password: "long enough", confirmPassword: "long enough" };
    expect(parseForm(InvitationRegisterSchema, valid)).toMatchObject({ success: true, data: { fullName: "Nina Newcomer" } });
    expect(parseForm(InvitationRegisterSchema, { ...valid, fullName: "" })).toMatchObject({ errors: { fullName: "Full name is required" } });
    expect(parseForm(InvitationRegisterSchema, { ...valid, fullName: "a\nb" })).toMatchObject({
      errors: { fullName: "Please keep this on one line, without control characters" },
    });
  });
});

import { describe, expect, it } from "vitest";
import { BODY_RULES, bodyRuleFor, refuseBody, refuseBodyHeaders, refuseRequestLine } from "./request-edge";

const FORM = "application/x-www-form-urlencoded";
const page = bodyRuleFor("/settings/team");

describe("refuseRequestLine", () => {
  it("refuses a NUL byte anywhere in the address", () => {
    expect(refuseRequestLine("GET", "/jobs?q=a%00b", "/jobs")).toMatchObject({ status: 400 });
    expect(refuseRequestLine("GET", "/manage/jobs?q=%00", "/manage/jobs")).toMatchObject({ status: 400 });
    expect(refuseRequestLine("GET", "/jobs?q=100%25", "/jobs")).toBeNull();
  });

  it("answers 405 with Allow to methods the pages do not take, but leaves better-auth's paths alone", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "TRACE", "OPTIONS"]) {
      expect(refuseRequestLine(method, "/jobs", "/jobs")).toEqual({
        status: 405,
        message: `${method} is not allowed here.`,
        headers: { Allow: "GET, HEAD, POST" },
      });
    }
    for (const method of ["GET", "HEAD", "POST"]) expect(refuseRequestLine(method, "/jobs", "/jobs")).toBeNull();
    expect(refuseRequestLine("DELETE", "/api/auth/session", "/api/auth/session")).toBeNull();
  });
});

describe("bodyRuleFor", () => {
  it("gives the job form more room than other forms, and better-auth JSON", () => {
    expect(bodyRuleFor("/manage/jobs/new").maxBytes).toBeGreaterThan(page.maxBytes);
    expect(bodyRuleFor("/manage/jobs/0b7c/edit.data").maxBytes).toBeGreaterThan(page.maxBytes);
    expect(bodyRuleFor("/api/auth/sign-in/email").contentTypes).toContain("application/json");
    // The candidates import takes a file of up to 5 MB, as a multipart form only.
    expect(bodyRuleFor("/candidates/import").maxBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(bodyRuleFor("/candidates/import.data").contentTypes).toEqual(["multipart/form-data"]);
    expect(bodyRuleFor("/candidates/import/0b7c").maxBytes).toBe(page.maxBytes);
    // Mailgun's post of a candidate's reply: the raw message of up to 10 MB (decision 097).
    expect(bodyRuleFor("/api/inbound-email/mime").maxBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(bodyRuleFor("/api/inbound-email/mime.data").maxBytes).toBe(page.maxBytes);
    // The staff API's JSON bodies (decision 112); its public board routes keep their form rules.
    for (const path of ["/api/v1/candidates", "/api/v1/applications/0b7c/move", "/api/v1/applications/0b7c/notes"]) {
      expect(bodyRuleFor(path).contentTypes, path).toEqual(["application/json"]);
    }
    expect(bodyRuleFor("/api/v1/boards/acme/jobs/0b7c/applications").contentTypes).toContain("multipart/form-data");
    expect(refuseBodyHeaders(bodyRuleFor("/api/v1/candidates"), "application/x-www-form-urlencoded", 10, false)).toMatchObject({ status: 415 });
    expect(page).toBe(BODY_RULES[BODY_RULES.length - 1]);
    expect(page.maxBytes).toBe(256 * 1024);
  });

  it("streams the forms that carry a CV to their routes, and reads every other body itself", () => {
    for (const path of ["/jobs/0b7c/backend-engineer/apply", "/jobs/0b7c/backend-engineer/apply.data", "/candidates/new", "/candidates/new.data"]) {
      expect(bodyRuleFor(path)).toMatchObject({ streamedMultipartBytes: 64 * 1024 * 1024, maxBytes: 256 * 1024, contentTypes: [FORM, "multipart/form-data"] });
    }
    for (const path of ["/jobs/0b7c/backend-engineer", "/candidates/0b7c", "/manage/jobs/new", "/settings"]) {
      expect(bodyRuleFor(path).streamedMultipartBytes).toBeUndefined();
    }
  });
});

describe("refuseBodyHeaders", () => {
  it("refuses a declared length over the limit before reading anything", () => {
    expect(refuseBodyHeaders(page, FORM, 100_000_000, false)).toMatchObject({ status: 413 });
    expect(refuseBodyHeaders(page, FORM, 1000, false)).toBeNull();
  });

  it("takes only form bodies on pages", () => {
    expect(refuseBodyHeaders(page, "multipart/form-data; boundary=x", 10, false)).toBeNull();
    expect(refuseBodyHeaders(page, "application/json", 10, false)).toMatchObject({ status: 415 });
    expect(refuseBodyHeaders(page, "text/plain;charset=UTF-8", 10, false)).toMatchObject({ status: 415 });
    expect(refuseBodyHeaders(page, undefined, 10, false)).toMatchObject({ status: 415 });
    expect(refuseBodyHeaders(page, undefined, undefined, true)).toMatchObject({ status: 415 });
    expect(refuseBodyHeaders(page, undefined, 0, false)).toBeNull();
    expect(refuseBodyHeaders(page, undefined, undefined, false)).toBeNull();
  });
});

describe("refuseBody", () => {
  const multipart = (body: string) => refuseBody(page, "multipart/form-data; boundary=XYZ", Buffer.from(body.replace(/\n/g, "\r\n")));

  it("counts fields before parsing them", async () => {
    expect(await refuseBody(page, FORM, Buffer.from(Array(501).fill("a=").join("&")))).toMatchObject({ status: 413 });
    expect(await refuseBody(page, FORM, Buffer.from(Array(500).fill("a=").join("&")))).toBeNull();
  });

  it("refuses a NUL character in a field, encoded or raw", async () => {
    expect(await refuseBody(page, FORM, Buffer.from("name=a%00b"))).toMatchObject({ status: 400 });
    expect(await refuseBody(page, FORM, Buffer.from("na%00me=ab"))).toMatchObject({ status: 400 });
    expect(await refuseBody(page, FORM, Buffer.from("name=a\0b"))).toMatchObject({ status: 400 });
    expect(await multipart(`--XYZ\nContent-Disposition: form-data; name="a"\n\nx\0y\n--XYZ--\n`)).toMatchObject({ status: 400 });
  });

  it("accepts well-formed multipart and refuses malformed", async () => {
    expect(await multipart(`--XYZ\nContent-Disposition: form-data; name="a"\n\nhello\n--XYZ--\n`)).toBeNull();
    expect(await multipart("garbage")).toMatchObject({ status: 400, message: "The form data is malformed." });
    expect(await refuseBody(page, "multipart/form-data", Buffer.from("garbage"))).toMatchObject({ status: 400 });
  });

  it("checks that JSON parses where JSON is taken", async () => {
    const auth = bodyRuleFor("/api/auth/sign-in/email");
    expect(await refuseBody(auth, "application/json", Buffer.from('{"email":"a@b.c"}'))).toBeNull();
    expect(await refuseBody(auth, "application/json", Buffer.from('{"email":'))).toMatchObject({ status: 400 });
  });
});

import { describe, expect, it } from "vitest";
import { JobAlertSchema } from "./job-alerts";
import { parseForm } from "./parse-form";

describe("JobAlertSchema", () => {
  it("needs an address and a frequency, keeps the address in lower case, and drops a hidden filter that does not fit", () => {
    expect(parseForm(JobAlertSchema, { email: "", frequency: "hourly" })).toEqual({
      success: false,
      errors: { email: "Email is required", frequency: "Choose daily or weekly" },
    });
    expect(parseForm(JobAlertSchema, { email: "not-an-address", frequency: "daily" })).toMatchObject({ errors: { email: "Please enter a valid email address, like name@company.com" } });
    expect(parseForm(JobAlertSchema, { email: " Ada@Example.COM ", frequency: "weekly", q: " designer ", type: "bogus", remote: "remote", company: "Not A Slug" })).toEqual({
      success: true,
      data: { email: "ada@example.com", frequency: "weekly", q: "designer", type: undefined, remote: "remote", location: "", department: "", company: undefined },
    });
  });
});

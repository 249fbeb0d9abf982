import { describe, expect, it } from "vitest";
import { errorsAfterChange } from "./use-validated-form";

describe("errorsAfterChange", () => {
  it("drops a field's error once the schema accepts the field, and keeps the others", () => {
    const shown = { errors: { companyName: "Company name is required", website: "Enter a valid website" }, checked: new Set(["companyName", "website"]) };
    expect(errorsAfterChange(shown, "companyName", { website: "Enter a valid website" }).errors).toEqual({ website: "Enter a valid website" });
  });

  it("re-checks every error the schema decides, so fixing one field can clear another's", () => {
    const shown = { errors: { confirmPassword: "Passwords do not match" }, checked: new Set(["confirmPassword"]) };
    expect(errorsAfterChange(shown, "newPassword", {}).errors).toEqual({});
  });

  it("updates a message that still applies, and adds none while typing", () => {
    const shown = { errors: { title: "Job title is required" }, checked: new Set(["title"]) };
    expect(errorsAfterChange(shown, "title", { title: "Please keep the title under 200 characters", description: "Job description is required" }).errors).toEqual({
      title: "Please keep the title under 200 characters",
    });
  });

  it("keeps an error only the server knows until its own field changes", () => {
    const shown = { errors: { currentPassword: "Current password is incorrect", form: "Too many attempts" }, checked: new Set<string>() };
    expect(errorsAfterChange(shown, "newPassword", {}).errors).toEqual(shown.errors);
    expect(errorsAfterChange(shown, "currentPassword", {}).errors).toEqual({ form: "Too many attempts" });
  });
});

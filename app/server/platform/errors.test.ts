import { afterEach, describe, expect, it, vi } from "vitest";
import { answerDomainError, DomainError, onField } from "./errors.server";

/** What `answerDomainError` threw: a 404 for the error boundary, or the original error. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("answerDomainError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("maps each code to its status, with the message on the error's field or on the form", () => {
    const cases = [
      [new DomainError("INVALID", "Bad stage", { field: "stageId" }), 400, "stageId"],
      [new DomainError("FORBIDDEN", "Only the owner"), 403, "form"],
      [new DomainError("CONFLICT", "Already applied", { field: "candidate_email" }), 409, "candidate_email"],
      [new DomainError("CLOSED", "No longer accepting applications"), 410, "form"],
    ] as const;
    for (const [error, status, field] of cases) {
      const answer = answerDomainError(error);
      expect(answer).toMatchObject({ code: error.code, status, field, message: error.message, init: { status, headers: {} } });
      expect(answer.errors).toEqual({ [field]: error.message });
    }
  });

  it("answers RATE_LIMITED 429 with Retry-After in whole seconds", () => {
    const answer = answerDomainError(new DomainError("RATE_LIMITED", "Too many attempts.", { retryAfterSeconds: 90 }));
    expect(answer.init).toEqual({ status: 429, headers: { "Retry-After": "90" } });
    expect(answer.errors).toEqual({ form: "Too many attempts." });
    const onField = answerDomainError(new DomainError("RATE_LIMITED", "Slow down.", { field: "password", retryAfterSeconds: 0.2 }));
    expect(onField.errors).toEqual({ password: "Slow down." });
    expect(onField.init.headers["Retry-After"]).toBe("1");
    expect(answerDomainError(new DomainError("RATE_LIMITED", "Later.")).init.headers["Retry-After"]).toBe("60");
  });

  it("throws NOT_FOUND as a 404 for the error boundary, with the route's message when it gives one", () => {
    const thrown = thrownBy(() => answerDomainError(new DomainError("NOT_FOUND", "Template not found")));
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", data: "Template not found", init: { status: 404 } });
    const renamed = thrownBy(() => answerDomainError(new DomainError("NOT_FOUND", "Template not found"), { notFound: "Application not found" }));
    expect(renamed).toMatchObject({ data: "Application not found", init: { status: 404 } });
  });

  it("answers NOT_FOUND as a 404 the page shows when asked to", () => {
    const answer = answerDomainError(new DomainError("NOT_FOUND", "Job not found"), { answerNotFound: true });
    expect(answer).toMatchObject({ code: "NOT_FOUND", status: 404, errors: { form: "Job not found" } });
    expect(answerDomainError(new DomainError("NOT_FOUND", "Gone"), { answerNotFound: true, notFound: "That template no longer exists." }).message).toBe(
      "That template no longer exists.",
    );
  });

  it("keeps a route's own status for a code, and puts every message in one field when asked", () => {
    const answer = answerDomainError(new DomainError("FORBIDDEN", "Invalid email or password", { field: "email" }), { status: { FORBIDDEN: 400 }, field: "form" });
    expect(answer).toMatchObject({ status: 400, errors: { form: "Invalid email or password" } });
    expect(answerDomainError(new DomainError("CONFLICT", "Taken"), { status: { FORBIDDEN: 400 } }).status).toBe(409);
  });

  it("aims a domain error at another field, and leaves other errors alone", () => {
    const limited = onField(new DomainError("RATE_LIMITED", "Too many attempts.", { retryAfterSeconds: 30 }), "password");
    expect(limited).toMatchObject({ code: "RATE_LIMITED", message: "Too many attempts.", details: { field: "password", retryAfterSeconds: 30 } });
    const failure = new Error("connection reset");
    expect(onField(failure, "password")).toBe(failure);
  });

  it("rethrows anything that is not a domain error, untouched", () => {
    const failure = new Error("connection reset");
    expect(thrownBy(() => answerDomainError(failure))).toBe(failure);
    expect(thrownBy(() => answerDomainError("a string"))).toBe("a string");
  });

  it("answers an unexpected error 500 with the route's message only when asked, and logs it", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("connection reset");
    const answer = answerDomainError(failure, { unexpected: { log: "Error submitting application:", message: "Failed to submit application." } });
    expect(answer).toMatchObject({ code: "UNEXPECTED", status: 500, errors: { form: "Failed to submit application." } });
    expect(log).toHaveBeenCalledWith("Error submitting application:", failure);
    const named = answerDomainError(failure, { unexpected: { log: "x", message: (error) => (error as Error).message } });
    expect(named.message).toBe("connection reset");
  });
});

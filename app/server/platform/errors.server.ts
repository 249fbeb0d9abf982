import { data } from "react-router";

export type DomainErrorCode = "NOT_FOUND" | "CONFLICT" | "FORBIDDEN" | "CLOSED" | "INVALID" | "TOO_LARGE" | "RATE_LIMITED";

/** An error a service raises on purpose; routes turn it into an answer with `answerDomainError`. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;

/**
 * The same domain error with its message aimed at `field` (a rate limit met while checking a
 * password shows beside the password field); anything else unchanged, to be thrown on.
 */
export function onField(error: unknown, field: string): unknown {
  return isDomainError(error) ? new DomainError(error.code, error.message, { ...error.details, field }) : error;
}

/** PostgreSQL's unique_violation, from either driver (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/** The one table from a domain error's code to its HTTP status (decision 053). */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  INVALID: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CLOSED: 410,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
};

export interface DomainErrorAnswerOptions {
  /**
   * Codes this route answers with another status than the table's. Only for answers a page has
   * always given (a wrong password is a 400 on the sign-in form, not a 403): each is listed in
   * decision 053.
   */
  status?: Partial<Record<DomainErrorCode, number>>;
  /** Every message goes in this field (a form with one error box) instead of the error's own field. */
  field?: string;
  /** NOT_FOUND's message (the thrown 404's body, or the answer's message); the error's own by default. */
  notFound?: string;
  /**
   * Answer NOT_FOUND like the other codes, as a 404 the page shows itself (a fetcher's answer, a
   * form that reports a vanished row), instead of throwing it to the route's error boundary.
   */
  answerNotFound?: boolean;
  /**
   * Answer errors that are not domain errors with a 500 and this message, after logging them with
   * `log` (forms whose failure message is in the spec). Without it they are rethrown.
   */
  unexpected?: { log: string; message: string | ((error: unknown) => string) };
}

export interface DomainErrorAnswer {
  code: DomainErrorCode | "UNEXPECTED";
  status: number;
  message: string;
  /** The field the message belongs beside, or "form" for the form's own error box. */
  field: string;
  /** `{ [field]: message }`, the shape every form shows. */
  errors: Record<string, string>;
  /** The status, and `Retry-After` for a rate limit: pass it to `data()`. */
  init: { status: number; headers: Record<string, string> };
}

/**
 * The one mapping from an error a route action caught to its HTTP answer (STYLE rule 12):
 * NOT_FOUND is thrown as a 404 to the route's error boundary (unless `answerNotFound`); every other
 * code is described for the route to put in its own answer shape: the status from
 * `DOMAIN_ERROR_STATUS`, the message on the error's field (or "form"), and `Retry-After` for
 * RATE_LIMITED. Anything that is not a domain error is rethrown, never swallowed (or, with
 * `unexpected`, logged and answered 500).
 */
export function answerDomainError(error: unknown, options: DomainErrorAnswerOptions = {}): DomainErrorAnswer {
  if (!isDomainError(error)) {
    if (!options.unexpected) throw error;
    console.error(options.unexpected.log, error);
    const { message } = options.unexpected;
    return answer("UNEXPECTED", 500, typeof message === "function" ? message(error) : message, options.field ?? "form");
  }
  const message = error.code === "NOT_FOUND" ? (options.notFound ?? error.message) : error.message;
  if (error.code === "NOT_FOUND" && !options.answerNotFound) throw data(message, { status: 404 });
  const status = options.status?.[error.code] ?? DOMAIN_ERROR_STATUS[error.code];
  const result = answer(error.code, status, message, options.field ?? error.details.field ?? "form");
  if (error.code === "RATE_LIMITED") result.init.headers["Retry-After"] = String(Math.max(1, Math.ceil(error.details.retryAfterSeconds ?? 60)));
  return result;
}

function answer(code: DomainErrorAnswer["code"], status: number, message: string, field: string): DomainErrorAnswer {
  return { code, status, message, field, errors: { [field]: message }, init: { status, headers: {} } };
}

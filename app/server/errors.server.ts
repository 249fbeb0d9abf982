export type DomainErrorCode = "NOT_FOUND" | "CONFLICT" | "FORBIDDEN" | "CLOSED" | "INVALID" | "RATE_LIMITED";

/** An error a service raises on purpose; routes turn it into a status and a message. */
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

/** PostgreSQL's unique_violation, from either driver (drizzle wraps driver errors in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

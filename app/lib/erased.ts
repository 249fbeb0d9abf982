/**
 * An erased or anonymised candidate (decision 116), as every page tells one: the name they are
 * shown by, and whether a candidate row is one. Shared by the server's anonymisation and the pages.
 */
export const ERASED_NAME = "Erased candidate";

/** Whether a candidate row is one an erasure or a retention run has anonymised. */
export const isErased = (candidate: { name: string; email: string }) => candidate.name === ERASED_NAME && candidate.email.endsWith("@erased.invalid");

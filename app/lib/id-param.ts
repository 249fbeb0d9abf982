import { data } from "react-router";
import { isUuid } from "~/schemas/id";

/**
 * A route's id parameter (`/manage/jobs/:jobId`), read at the edge of the route module: anything
 * but a UUID names nothing, so it is a 404 before any query runs.
 */
export function idParam(value: string | undefined, notFoundMessage = "Not found"): string {
  if (!isUuid(value)) throw data(notFoundMessage, { status: 404 });
  return value;
}

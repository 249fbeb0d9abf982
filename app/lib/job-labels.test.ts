import { describe, expect, it } from "vitest";
import { JOB_TYPES, REMOTE_TYPES } from "~/schemas/job";
import { JOB_TYPE_LABELS, jobTypeLabel, REMOTE_TYPE_LABELS, remoteTypeLabel } from "./job-labels";

describe("job labels", () => {
  it("one spelling of every job type: only the first letter upper case", () => {
    expect(JOB_TYPES.map(jobTypeLabel)).toEqual(["Full-time", "Part-time", "Contract", "Internship"]);
    expect(Object.keys(JOB_TYPE_LABELS).sort()).toEqual([...JOB_TYPES].sort());
  });

  it("one spelling of every remote type, and none for a job without one", () => {
    expect(REMOTE_TYPES.map(remoteTypeLabel)).toEqual(["Office", "Hybrid", "Remote"]);
    expect(Object.keys(REMOTE_TYPE_LABELS).sort()).toEqual([...REMOTE_TYPES].sort());
    expect(remoteTypeLabel(null)).toBeNull();
    expect(remoteTypeLabel("")).toBeNull();
  });

  it("a value outside the map is shown as stored, never an inherited property", () => {
    expect(jobTypeLabel("temporary")).toBe("temporary");
    expect(jobTypeLabel("constructor")).toBe("constructor");
    expect(remoteTypeLabel("toString")).toBe("toString");
  });
});

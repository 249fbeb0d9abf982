import { formatSalary } from "~/lib/salary";
import type { BoardJob } from "~/server/job-board/queries.server";

/** What the board's cards and the job page both show of a published job. */
export function jobSummary(job: Omit<BoardJob, "publishedAt">) {
  return {
    id: job.id,
    title: job.title,
    companyName: job.companyName,
    description: job.description,
    requirements: job.requirements,
    location: job.location,
    type: job.type,
    remoteType: job.remoteType,
    salary: formatSalary(job),
  };
}

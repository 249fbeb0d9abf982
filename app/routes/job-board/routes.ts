import { layout, route } from "@react-router/dev/routes";

/** The public job board: /jobs, the job page and applying (issue 4). */
export const jobBoardRoutes = [
  layout("routes/job-board/layout.tsx", [
    route("jobs", "routes/job-board/board.tsx"),
    // Product decision 3: staff of the owning company go to the pipeline, everyone else to the job page.
    route("jobs/:id", "routes/job-board/job-redirect.tsx"),
    route("jobs/:id/:slug", "routes/job-board/job.tsx", { id: "job-page" }),
    route("jobs/:id/:slug/apply", "routes/job-board/job-apply.tsx", { id: "job-apply" }),
  ]),
];

import { layout, type RouteConfig } from "@react-router/dev/routes";
import { apiRoutes } from "./routes/api/routes";
import { authRoutes } from "./routes/auth/routes";
import { candidatePageRoutes } from "./routes/candidate-page/routes";
import { jobBoardRoutes } from "./routes/job-board/routes";
import { marketingRoutes } from "./routes/marketing/routes";
import { schedulingRoutes } from "./routes/scheduling/routes";
import { staffRoutes } from "./routes/staff/routes";

// Each area lists its own routes beside its route modules; the marketing routes end with
// the catch-all 404, so they come last.
export default [
  ...authRoutes,
  layout("routes/staff/layout.tsx", staffRoutes),
  ...jobBoardRoutes,
  ...schedulingRoutes,
  ...candidatePageRoutes,
  ...apiRoutes,
  ...marketingRoutes,
] satisfies RouteConfig;

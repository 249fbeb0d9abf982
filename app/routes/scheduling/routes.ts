import { route } from "@react-router/dev/routes";

/** A candidate's self-scheduling link (issue 14, decision 103): public, no session, never cached. */
export const schedulingRoutes = [route("schedule/:token", "routes/scheduling/schedule.tsx")];

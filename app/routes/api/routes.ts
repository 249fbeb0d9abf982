import { route } from "@react-router/dev/routes";

/** Routes without UI. */
export const apiRoutes = [route("api/health", "routes/api/health.ts")];

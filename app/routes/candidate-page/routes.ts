import { route } from "@react-router/dev/routes";

/**
 * A candidate's own page of an application (issue 17, decision 119): public, no session, never
 * cached. The token in the address is the key; `/my-application` asks for new links by email.
 */
export const candidatePageRoutes = [
  route("my-application", "routes/candidate-page/links-request.tsx"),
  route("my-application/:token", "routes/candidate-page/my-application.tsx"),
  route("my-application/:token/data", "routes/candidate-page/my-data.ts"),
];

import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/marketing/legal-page";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { PRIVACY_POLICY } from "~/content/legal";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) => marketingMeta(args, { title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.description });

export default function Privacy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}

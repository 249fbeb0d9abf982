import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/marketing/legal-page";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { TERMS_OF_SERVICE } from "~/content/legal";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) => marketingMeta(args, { title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });

export default function Terms() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}

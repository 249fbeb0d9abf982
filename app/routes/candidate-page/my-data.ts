import { data } from "react-router";
import type { Route } from "./+types/my-data";
import { clientIpOf } from "~/server/audit/audit.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { isSecretToken } from "~/server/platform/secret-token.server";
import { candidateDataZip } from "~/server/privacy/candidate-page.server";

/**
 * GET /my-application/<token>/data: the candidate's copy of their data at the company, as a zip
 * (decision 119), never cached; recorded in the company's audit trail as the candidate's own export.
 * An unknown link is a 404, an expired one a 410.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isSecretToken(params.token)) throw data("Page not found", { status: 404 });
  let zip: Awaited<ReturnType<typeof candidateDataZip>>;
  try {
    zip = await candidateDataZip(appDatabase(), params.token, clientIpOf(context));
  } catch (error) {
    const answer = answerDomainError(error, { answerNotFound: true });
    throw data(answer.message, { status: answer.status, headers: { "Cache-Control": "private, no-store" } });
  }
  return new Response(zip.stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${zip.fileName}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import type { Route } from "./+types/candidate-export";
import { idParam } from "~/lib/id-param";
import type { RouteAccess } from "~/lib/permissions";
import { requireStaff } from "~/server/accounts/session.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { candidateExportZip } from "~/server/privacy/export.server";

/** What the loader needs (app/lib/permissions.ts, decision 096): those who manage the candidate database. */
export const access = { loader: "candidates.manage" } as const satisfies RouteAccess;

/**
 * GET /candidates/:candidateId/export: everything held about the candidate as a zip (decision 116),
 * a download never cached; recorded in the audit trail. Another company's candidate is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const candidateId = idParam(params.candidateId, "Candidate not found");
  let body: ReadableStream<Uint8Array>;
  try {
    body = await candidateExportZip(appDatabase(), staff, candidateId, context.get(clientIpContext));
  } catch (error) {
    answerDomainError(error, { notFound: "Candidate not found" });
    throw error;
  }
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="candidate-${candidateId}.zip"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

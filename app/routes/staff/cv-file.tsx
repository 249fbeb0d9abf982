import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/cv-file";
import { idParam } from "~/lib/id-param";
import { requireStaff } from "~/server/accounts/session.server";
import { clientIpOf, recordAudit } from "~/server/audit/audit.server";
import { getCvFile } from "~/server/cvs/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { FileNotFoundError, fileStorage } from "~/server/storage/storage.server";
import { downloadHeaders, pdfPreviewHeaders } from "~/server/storage/upload.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096). */
export const access = { loader: "applications.view" } as const satisfies RouteAccess;

/**
 * One CV of a candidate of the staff member's company (decision 083): a download (an attachment,
 * never rendered by the browser as a page), or with `?preview` a PDF shown in the candidate page's
 * sandboxed frame. Anything else, another company's included, is a 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const candidateId = idParam(params.candidateId, "CV not found");
  const cvId = idParam(params.cvId, "CV not found");
  const file = await getCvFile(appDatabase(), staff, candidateId, cvId);
  if (!file) throw data("CV not found", { status: 404 });
  const preview = new URL(request.url).searchParams.has("preview") && file.kind === "pdf";
  let body: Readable;
  try {
    body = await fileStorage().get(file.storageKey);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw data("CV not found", { status: 404 });
    throw error;
  }
  // The audit trail (decision 115): a download is recorded each time; the page's own preview is a view of the page.
  if (!preview) {
    await recordAudit(appDatabase(), {
      companyId: staff.companyId,
      actorId: staff.userId,
      action: "candidate.cv_downloaded",
      subjectType: "candidate",
      subjectId: candidateId,
      data: { cvId, kind: file.kind },
      ip: clientIpOf(context),
    });
  }
  const headers = new Headers(preview ? pdfPreviewHeaders(file.fileName) : downloadHeaders(file.kind, file.fileName));
  headers.set("Content-Length", String(file.sizeBytes));
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers });
}

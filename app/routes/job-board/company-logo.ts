import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/company-logo";
import { getCareersCompany } from "~/server/job-board/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { FileNotFoundError, fileStorage } from "~/server/storage/storage.server";

/**
 * A company's logo (decision 108), public like its careers page: only ever a PNG, JPEG or WebP
 * (checked from its bytes when uploaded), never sniffed as anything else. Its address carries the
 * upload's version (`?v=`), so browsers and proxies may keep it for a day.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const company = await getCareersCompany(appDatabase(), params.slug);
  if (!company?.logoKey || !company.logoContentType) throw data("Logo not found", { status: 404 });
  let body: Readable;
  try {
    body = await fileStorage().get(company.logoKey);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw data("Logo not found", { status: 404 });
    throw error;
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": company.logoContentType,
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      // Embedded job lists on the company's own site show it too.
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

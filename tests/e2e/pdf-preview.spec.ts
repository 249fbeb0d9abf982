import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { downloadHeaders, pdfPreviewHeaders } from "../../app/server/storage/upload.server";

// What Chromium does with a stored document served with the headers of app/server/storage: a
// preview shows in its PDF viewer inside a frame of the app's own page (sandboxed by the response's
// policy), nowhere else; a download is a download. A small server of its own serves a one-page PDF
// with exactly those headers, so this holds whatever route serves the files.

const PDF = (() => {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 44 >>\nstream\nBT /F1 24 Tf 72 720 Td (Jane Doe, CV) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
})();

let server: Server;
let origin: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname === "/page") {
      // The staff page that frames the document; `sandbox` puts the attribute on the frame.
      const sandbox = url.searchParams.get("sandbox");
      const frameOrigin = url.searchParams.get("frameOrigin") ?? "";
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.end(
        `<!doctype html><title>Application</title><iframe title="CV" ${sandbox === null ? "" : `sandbox="${sandbox}"`} src="${frameOrigin}/cv/${url.searchParams.get("as")}" width="600" height="800"></iframe>`,
      );
      return;
    }
    const headers = url.pathname === "/cv/preview" ? pdfPreviewHeaders("Jane Doe CV.pdf") : url.pathname === "/cv/download" ? downloadHeaders("pdf", "Jane Doe CV.pdf") : null;
    if (!headers) {
      response.statusCode = 404;
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.end(PDF);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.close();
  await once(server, "close");
});

/** Chromium's PDF viewer runs as an extension frame inside the frame that shows the PDF. */
const viewerShown = (page: Page) => page.frames().some((frame) => frame.url().startsWith("chrome-extension://"));
/** The frame Chromium puts an error page in when it refuses to show a document. */
const frameRefused = (page: Page) => page.frames().some((frame) => frame.url().startsWith("chrome-error://"));

test("a preview shows in Chromium's PDF viewer inside a frame of the app's page", async ({ page }) => {
  await page.goto(`${origin}/page?as=preview`);
  await expect.poll(() => viewerShown(page)).toBe(true);
});

test("a preview is refused in a frame of another site's page", async ({ page }) => {
  const blocked = page.waitForEvent("console", (message) => message.text().includes("frame-ancestors"));
  // localhost and 127.0.0.1 are different origins: the page is another site to the document.
  await page.goto(`${origin.replace("127.0.0.1", "localhost")}/page?as=preview&frameOrigin=${encodeURIComponent(origin)}`);
  await blocked;
  await expect.poll(() => frameRefused(page)).toBe(true);
  expect(viewerShown(page)).toBe(false);
});

test("Chromium refuses a PDF in a frame with a sandbox attribute, so the preview's frame has none", async ({ page }) => {
  await page.goto(`${origin}/page?as=preview&sandbox=${encodeURIComponent("allow-scripts allow-same-origin")}`);
  await expect.poll(() => frameRefused(page)).toBe(true);
  expect(viewerShown(page)).toBe(false);
});

test("a download is saved under its file name, never shown", async ({ page }) => {
  const download = page.waitForEvent("download");
  await page.goto(`${origin}/page?as=download`);
  expect((await download).suggestedFilename()).toBe("Jane Doe CV.pdf");
  expect(viewerShown(page)).toBe(false);
});

import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext } from "~/server/platform/request-context.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  // The whole page, rendered at once and sent as one body (decision 101). No page suspends: every
  // loader awaits its data, so React Router's data stream is ready as soon as the markup is, and
  // waiting for all of it costs no time. Collected in memory, the page skips the streams a chunk at
  // a time (React's 4 KB chunks through a PassThrough, a web stream and back) that took a tenth of a
  // large page's server time; crawlers and people get the same answer.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const page = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            bytes += chunk.byteLength;
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks, bytes), { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        page.on("error", reject);
        pipe(page);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // An error of the shell reaches onShellError and React Router, which report it.
        if (shellRendered) console.error(error);
      },
    });
  });
}

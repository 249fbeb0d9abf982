import { renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { documentBranches } from "~/server/platform/document-branches.server";
import { cspNonceContext } from "~/server/platform/request-context.server";

export const streamTimeout = 5_000;

/** What `<!--$!-->` marks in React's markup: a Suspense boundary left for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

export default async function handleRequest(
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

  // The whole page, rendered at once into one string (decisions 101 and 128). No page suspends: every
  // loader awaits its data. React Router's data for the browser (its turbo-stream) is read to the end
  // first and handed to its <StreamTransfer> as already read, so nothing suspends while rendering and
  // React's string renderer can do the work. It builds the page as one string, where the streaming
  // renderer encodes each of a large page's thousands of small pieces into bytes (a tenth of the
  // pipeline page's server time).
  await settleDataStream(routerContext);
  const context = { ...routerContext, branches: documentBranches(routerContext.branches) };
  const html = `<!DOCTYPE html>${renderToString(<ServerRouter context={context} url={request.url} nonce={nonce} />)}`;
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // Something suspended after all, and the page would reach the browser without its data: a page
    // that defers data needs the streaming renderer (decision 128).
    throw new Error(`A page suspended while rendering ${new URL(request.url).pathname}; pages must await their data (decision 128).`);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // As UTF-8 bytes at once: a string body is first checked for lone surrogates and then encoded by
  // two passes of the Fetch API's own (0.2 ms for the pipeline's 175 KB); Buffer.from does both in one.
  return new Response(Buffer.from(html, "utf8"), { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Reads React Router's data stream to its end and leaves it in the cache its <StreamTransfer> reads
 * (`renderMeta.streamCache`, one entry per chunk: a promise with its `result`), as one chunk that is
 * also the last. <StreamTransfer> then renders the same two scripts as ever, without waiting.
 */
async function settleDataStream(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let value = "";
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    value += decoder.decode(chunk.value, { stream: true });
  }
  value += decoder.decode();
  // <ServerRouter> asks the stream for a reader of its own; it never reads from it.
  reader.releaseLock();
  context.renderMeta ??= {};
  context.renderMeta.streamCache = { 0: Object.assign(Promise.resolve(), { result: { done: true, value } }) };
}

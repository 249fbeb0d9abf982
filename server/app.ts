// The app as Express middleware. Vite bundles this file as the server build's entry,
// so it can import the React Router build and the app's server modules.
import "react-router";
import * as build from "virtual:react-router/server-build";
import express from "express";
import { RouterContextProvider } from "react-router";
import { config } from "~/server/platform/config.server";
import { freshCachedDocument } from "~/server/job-board/cache.server";
import { startApp, stopApp } from "~/server/boot/lifecycle.server";
import { clientIpContext, cspNonceContext } from "~/server/platform/request-context.server";
import { checkRequestLine, readCheckedBody } from "./request-edge";
import { createRequestHandler } from "./request-handler";
import { refuseCrossSiteWrites, securityHeaders } from "./security";

export { parseTrustProxy } from "./trust-proxy";
export { staticFiles } from "./static-files";
export { compressAnswers } from "./compression";

/**
 * What runs before anything else, static files included: the security headers and the refusal
 * of malformed addresses and of methods the pages do not take.
 */
export const edge = express.Router();
edge.use(securityHeaders({ production: config.production }));
edge.use(checkRequestLine);

/** The app behind the edge and the static files. */
export const app = express();
// A mounted Express app sets its own X-Powered-By on every answer, whatever the outer server says.
app.disable("x-powered-by");

app.use(refuseCrossSiteWrites([config.baseUrl]));
// Bodies are read here, once, within their path's limits, before any route sees them.
app.use(readCheckedBody);
// Fresh cached job-board pages for anonymous visitors, answered before React Router runs (decisions 021, 072).
app.use((req, res, next) => {
  if (req.method !== "GET" || !req.path.startsWith("/jobs")) return next();
  const answer = freshCachedDocument(
    {
      url: req.originalUrl,
      cookie: req.get("cookie"),
      secFetchDest: req.get("sec-fetch-dest"),
      ifNoneMatch: req.get("if-none-match"),
    },
    config.production ? (res.locals.cspNonce as string) : undefined,
  );
  if (!answer) return next();
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.end(answer.body ?? undefined);
});
app.use(
  createRequestHandler({
    // The build itself, not a function answering it: React Router derives its route table (matching
    // and ranking every route) once per request when handed a function, and once ever when handed
    // the build. In development Vite loads this module afresh per request, so changes still show.
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(clientIpContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
      context.set(cspNonceContext, config.production ? (res.locals.cspNonce as string) : undefined);
      return context;
    },
  }),
);

export const start = startApp;
export const stop = stopApp;

// The CV text extraction, reachable from the build so the process tests can prove its worker
// starts from the bundled file (tests/processes/cv-extraction.process.test.ts).
export { extractText, stopTextExtraction } from "~/server/cvs/extract-text.server";

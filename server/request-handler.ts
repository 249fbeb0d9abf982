// React Router's request handler for Express, as @react-router/express builds it, except that a
// request's body is the one the edge already read and checked (server/request-edge.ts) rather
// than the socket, which that adapter would read a second time with no limit.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { bufferedBody, bytesOf } from "./request-edge";

export function createRequestHandler({
  build,
  getLoadContext,
}: {
  build: ServerBuild;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
}) {
  const handleRequest = createReactRouterHandler(build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handleRequest(fetchRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function fetchRequest(req: Request, res: Response): globalThis.Request {
  // The host and port as @react-router/express resolves them (X-Forwarded-Host only behind a trusted proxy).
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const body = hasBody ? bytesOf(bufferedBody(req) ?? Buffer.alloc(0)) : undefined;
  // A POST without a body is an empty form (the edge let it through only because it was empty).
  if (hasBody && !headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
  return new globalThis.Request(url.href, { method: req.method, headers, body, signal: controller.signal });
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

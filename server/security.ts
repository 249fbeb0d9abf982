import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Paths that take writes from anywhere, each for a reason. A job alert's one-click unsubscribe
 * address (decision 111) is POSTed by mail providers (RFC 8058) from their own servers or from
 * webmail pages on their sites, so cross-site by nature. It is safe: the action reads no cookie or
 * session and deletes only the alert that the signed token in the address names, which only the
 * email's recipient has; a forged request from another site can do nothing the link's holder could not.
 */
export const CROSS_SITE_WRITE_PATHS: readonly string[] = ["/job-alerts/unsubscribe/one-click"];

/**
 * A state-changing request from another site is refused. Current browsers say where a
 * request comes from in `Sec-Fetch-Site`, which we trust first; older ones only send
 * `Origin`, compared with the Host. Requests with neither (curl, server-to-server) are let
 * through: cookies are SameSite=Lax, so they cannot carry a victim's session anyway.
 */
export function isCrossSiteWrite(input: {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
  trustedOrigins?: readonly string[];
  /** The request's path, without its query. */
  path?: string;
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return false;
  if (input.path !== undefined && CROSS_SITE_WRITE_PATHS.includes(input.path)) return false;
  if (input.secFetchSite) return input.secFetchSite !== "same-origin" && input.secFetchSite !== "none" && !trusted(input);
  if (!input.origin) return false;
  if (input.origin === "null") return true;
  if (trusted(input)) return false;
  try {
    return new URL(input.origin).host !== input.host;
  } catch {
    return true;
  }
}

function trusted(input: { origin: string | undefined; trustedOrigins?: readonly string[] }): boolean {
  return Boolean(input.origin && input.trustedOrigins?.includes(input.origin));
}

export function refuseCrossSiteWrites(trustedOrigins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refused = isCrossSiteWrite({
      method: req.method,
      host: req.get("host"),
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      trustedOrigins,
      path: req.path,
    });
    if (refused) {
      res.status(403).type("text/plain").send("Cross-site form posts are not accepted.");
      return;
    }
    next();
  };
}

/** Browser features no page of ours uses, denied to every page and anything it embeds. */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "interest-cohort",
  "browsing-topics",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * Security headers for every answer, static files included; in production a
 * Content-Security-Policy with a nonce per response.
 */
export function securityHeaders({ production }: { production: boolean }) {
  return [
    (_req: Request, res: Response, next: NextFunction) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      next();
    },
    helmet({
      contentSecurityPolicy: production
        ? {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:"],
              connectSrc: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              upgradeInsecureRequests: null,
            },
          }
        : false,
      // Cross-origin isolation would break the external booking links' new tabs for no gain here.
      crossOriginEmbedderPolicy: false,
      // The same as the policy's frame-ancestors 'none', for browsers that only know this header.
      xFrameOptions: { action: "deny" },
      // The default no-referrer makes browsers send `Origin: null` on our own form posts.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: production && process.env.BASE_URL?.startsWith("https://") ? undefined : false,
    }),
  ];
}

import type { Route } from "./+types/inbound-email";
import { config } from "~/server/platform/config.server";
import { appDatabase } from "~/server/platform/db.server";
import { DOMAIN_ERROR_STATUS, isDomainError } from "~/server/platform/errors.server";
import { consumeRateLimit, RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { receiveReply } from "~/server/mail/inbound.server";
import { isSignedPost } from "~/server/mail/inbound-webhook.server";

/** Only Mailgun's posts are taken here. */
export function loader() {
  if (!config.inboundWebhookSecret || !config.inboundEmailDomain) return answer(404, "NOT_FOUND", "Not found.");
  return answer(405, "METHOD_NOT_ALLOWED", "Mailgun posts replies here: POST only.", { Allow: "POST" });
}

/**
 * Candidates' replies from Mailgun's inbound routing (decision 097): a signed post of the raw
 * message. 404 unless INBOUND_WEBHOOK_SECRET and INBOUND_EMAIL_DOMAIN are set; 401 for a wrong or
 * stale signature (Mailgun retries, so fixing the key loses nothing); 406, which Mailgun does not
 * retry, for a message no retry could store (no reply address or an unknown one, too large, empty).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const secret = config.inboundWebhookSecret;
  if (!secret || !config.inboundEmailDomain) return answer(404, "NOT_FOUND", "Not found.");
  const db = appDatabase();
  try {
    await consumeRateLimit(db, RATE_LIMITS.inboundEmail, context.get(clientIpContext));
    const form = await request.formData();
    const field = (name: string) => form.get(name) ?? undefined;
    if (!isSignedPost({ timestamp: field("timestamp"), token: field("token"), signature: field("signature") }, secret)) {
      return answer(401, "UNAUTHORIZED", "The signature does not match INBOUND_WEBHOOK_SECRET, or its timestamp is too old.");
    }
    const raw = field("body-mime");
    if (typeof raw !== "string") return answer(406, "INVALID", "No body-mime field: point the route at a URL ending in /mime.");
    const recipient = field("recipient");
    const reply = await receiveReply(db, raw, typeof recipient === "string" ? recipient.split(",") : []);
    return Response.json({ id: reply.id, duplicate: reply.duplicate });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "RATE_LIMITED") {
      return answer(DOMAIN_ERROR_STATUS.RATE_LIMITED, error.code, error.message, { "Retry-After": String(error.details.retryAfterSeconds ?? 60) });
    }
    return answer(406, error.code, error.message);
  }
}

function answer(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return Response.json({ error: code, message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

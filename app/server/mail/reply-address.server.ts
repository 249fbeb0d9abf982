import { randomBytes } from "node:crypto";
import { and, inArray, sql } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { config } from "../platform/config.server";
import type { Queryable } from "../platform/db.server";
import { acrossCompanies } from "../platform/tenancy.server";

// A thread's reply address (decision 097): `reply+<token>@<INBOUND_EMAIL_DOMAIN>`. The token is 128
// random bits written in lower-case base32 (26 letters and digits), so a mail system that changes the
// case of the local part does not change the token, and nothing about it can be guessed.

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
export const REPLY_TOKEN_LENGTH = 26;
const TOKEN = new RegExp(`^[a-z2-7]{${REPLY_TOKEN_LENGTH}}$`);

/** A new, unguessable thread token. */
export function newReplyToken(): string {
  const bytes = randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < REPLY_TOKEN_LENGTH) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** The address replies to a thread go to. */
export function replyAddress(token: string, domain: string): string {
  return `reply+${token}@${domain}`;
}

/**
 * The token of a reply address of `domain`, or null for any other address: another domain, another
 * local part, or a token that is not 26 base32 characters. Case does not matter; the token is
 * answered in lower case. Takes a bare address or one in angle brackets ("Jobs <reply+…@…>").
 */
export function replyTokenFrom(address: string, domain: string): string | null {
  const bare = (address.match(/<([^<>]*)>\s*$/)?.[1] ?? address).trim().toLowerCase();
  const at = bare.lastIndexOf("@");
  if (at < 0 || bare.slice(at + 1) !== domain.toLowerCase()) return null;
  const local = bare.slice(0, at);
  if (!local.startsWith("reply+")) return null;
  const token = local.slice("reply+".length);
  return TOKEN.test(token) ? token : null;
}

/**
 * The reply address of each application some messages are for (application id → address), giving an
 * application its token on its first email; empty when inbound mail is not configured. Each
 * application is matched with the company its message names, so a message never borrows another
 * company's thread. Runs on `db`, the transaction that records the messages.
 */
export async function threadReplyAddresses(
  db: Queryable,
  messages: readonly { applicationId?: string | null; companyId?: string | null; replyTo?: string | null }[],
  domain: string | undefined = config.inboundEmailDomain,
): Promise<Map<string, string>> {
  const threads = new Map<string, string>();
  for (const message of messages) {
    if (message.applicationId && message.companyId && message.replyTo === undefined) threads.set(message.applicationId, message.companyId);
  }
  if (!domain || threads.size === 0) return new Map();
  const fresh = [...threads].map(([id, companyId]) => ({ id, company_id: companyId, token: newReplyToken() }));
  // A token is set once: `reply_token is null` is checked again after the row lock, so two
  // transactions giving one application its first email agree on the one that committed first.
  await db.execute(sql`
    update ${applications} as a set reply_token = r.token
    from jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) as r(id uuid, company_id uuid, token text)
    where a.id = r.id and a.company_id = r.company_id and a.reply_token is null`);
  const rows = await db
    .select({ id: applications.id, companyId: applications.companyId, token: applications.replyToken })
    .from(applications)
    .where(and(inArray(applications.id, [...threads.keys()]), acrossCompanies(applications, [...new Set(threads.values())])));
  return new Map(
    rows
      .filter((row) => row.token && threads.get(row.id) === row.companyId)
      .map((row) => [row.id, replyAddress(row.token!, domain)]),
  );
}

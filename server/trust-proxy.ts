import { isIP } from "node:net";

/** What Express's `trust proxy` setting takes: trust every hop, none, the last N hops, or these addresses. */
export type TrustProxySetting = boolean | number | string[];

const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const TRUST_PROXY_FORMS =
  "a hop count (1, 2, …), true, false, loopback, linklocal, uniquelocal, or IP addresses and CIDR ranges " +
  "(e.g. 10.0.0.0/8, 2001:db8::/32), several separated by commas";

/**
 * Reads `TRUST_PROXY` into Express's `trust proxy` setting, refusing anything Express would
 * misread: Express takes the string "1" as the address 0.0.0.1 and crashes on "true" or "".
 * Unset or empty means the default, a proxy on this machine (loopback).
 */
export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const value = (raw ?? "").trim();
  if (value === "") return ["loopback"];
  const lower = value.toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw invalid(value, `${value} hops is not a plausible number of proxies`);
    // Trusting 0 hops trusts nobody: the same as false.
    return hops === 0 ? false : hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (entry === "") throw invalid(value, "an empty entry between commas");
    if (!isAddressOrRange(entry)) throw invalid(value, `"${entry}" is not one of them`);
  }
  return entries.map((entry) => (NAMED_RANGES.has(entry.toLowerCase()) ? entry.toLowerCase() : entry));
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry.toLowerCase())) return true;
  const [address, prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const version = isIP(address ?? "");
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function invalid(value: string, reason: string): Error {
  return new Error(`TRUST_PROXY=${JSON.stringify(value)} is not understood (${reason}). Use ${TRUST_PROXY_FORMS}.`);
}

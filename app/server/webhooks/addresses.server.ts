import dns from "node:dns";
import net from "node:net";
import { config } from "../platform/config.server";

/**
 * Webhook addresses must be on the public internet (decision 113): an endpoint is an address an
 * admin types and our server then POSTs to, so without this check it could reach the database, the
 * cloud's metadata service or a router from inside the network (server-side request forgery). The
 * check runs when an endpoint is saved and again on every connection (the host's DNS may change
 * after it was saved). `WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1` lifts it, for tests and for a receiver on
 * the same private network.
 */

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, the cloud metadata service
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 of IPv4 addresses
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  return blocked.check(address, "ipv6");
}

export class WebhookAddressError extends Error {}

const PRIVATE_MESSAGE = "This address is on a private network or this server itself; webhooks go only to public internet addresses.";

const allowPrivate = () => config.webhooksAllowPrivateNetworks;

/** The host of a URL without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * Checks an endpoint's address before it is saved: answers what is wrong with it, or null. Resolves
 * the host name, so a name that points inside the network is refused as its address would be.
 */
export async function webhookAddressProblem(value: string): Promise<string | null> {
  const url = new URL(value);
  if (allowPrivate()) return null;
  const host = hostOf(url);
  if (net.isIP(host)) return isPrivateAddress(host) ? PRIVATE_MESSAGE : null;
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return PRIVATE_MESSAGE;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return `We could not find the host “${host}”. Check the address.`;
  }
  return addresses.some((entry) => isPrivateAddress(entry.address)) ? PRIVATE_MESSAGE : null;
}

/** Refuses a literal private IP address before connecting (a name is checked by `guardedLookup`). */
export function assertPublicHost(url: URL): void {
  const host = hostOf(url);
  if (!allowPrivate() && net.isIP(host) && isPrivateAddress(host)) throw new WebhookAddressError(PRIVATE_MESSAGE);
}

/**
 * `dns.lookup` for the delivery's connections: refuses a host any of whose addresses is private, at
 * the moment of connecting, so a name cannot be pointed inside the network after it was checked.
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as dns.LookupAddress[];
    if (!allowPrivate() && list.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new WebhookAddressError(PRIVATE_MESSAGE) as NodeJS.ErrnoException, "", 4);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`No address for ${hostname}`) as NodeJS.ErrnoException, "", 4);
    callback(null, first.address, first.family);
  });
};

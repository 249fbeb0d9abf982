import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "~/content/site";
import { MARKETING_LAYOUT_ID, type MarketingLayoutData } from "./site-links";

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export interface PageSeo {
  title: string;
  description: string;
  type?: "website" | "article";
  image?: { src: string; alt: string };
  /** Pages that must not be indexed (the 404 page). */
  noIndex?: boolean;
}

export const DEFAULT_SHARE_IMAGE = { src: "/images/og-default.jpg", alt: "OpenHire: Free forever ATS + AI" };

/** Title, description, canonical address and Open Graph tags of a marketing page. */
export function marketingMeta(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  const layout = args.matches.find((match) => match?.id === MARKETING_LAYOUT_ID)?.loaderData as MarketingLayoutData | undefined;
  const siteUrl = layout?.siteUrl ?? "";
  const url = `${siteUrl}${args.location.pathname === "/" ? "/" : args.location.pathname.replace(/\/$/, "")}`;
  const title = page.title === SITE_NAME ? SITE_NAME : `${page.title} | ${SITE_NAME}`;
  const image = page.image ?? DEFAULT_SHARE_IMAGE;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: `${siteUrl}${image.src}` },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (page.noIndex) {
    tags.push({ name: "robots", content: "noindex" });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  return tags;
}

/** Cache headers for pages whose HTML depends on nothing but the build (decision 010). */
export function staticPageHeaders({ loaderHeaders }: { loaderHeaders?: Headers } = {}): HeadersInit {
  // A loader that answers something request-specific (a 404) sets its own Cache-Control.
  const own = loaderHeaders?.get("Cache-Control");
  return { "Cache-Control": own ?? "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400" };
}

/** Pages with a form: static caching for the page, but an action's Retry-After is passed on. */
export function formPageHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter, "Cache-Control": "no-store" } : staticPageHeaders();
}

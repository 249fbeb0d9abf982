import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * A link repeated by the dozen, or rendered on every page: a pipeline card's name, a list row's
 * link (decision 088), the staff navigation, its bell and the logo (decision 136). It renders
 * what React Router's `<Link>` renders, at the cost of an `<a>`: `<Link>` runs half a dozen hooks
 * for its address, prefetching and click handler, about 7 µs of the server's render each, 0.9 ms
 * for a board of 125 cards (60 since decision 135). A click on it is a client-side navigation all
 * the same: one listener for the whole document (`useRowLinkNavigation`, in the root) does what
 * `<Link>`'s handler does; before the page is hydrated, and with a modifier key, it is a plain link.
 *
 * `discover` marks it for React Router's route discovery (`data-discover`, which `<Link>` puts on
 * every link): the browser asks `/__manifest` for the routes of the marked links' addresses. One
 * link per kind of address is enough, since a route once found matches every address of its
 * pattern, so a list marks its first row (decision 135); an unmarked link finds its route when it
 * is clicked. Marking every row made each list visit ask for 25 paths, matched one by one against
 * every route (2.8 ms of the server's CPU, more than half the page's own), and a board's 250 made
 * the request longer than React Router sends, so nothing on the board was discovered at all.
 */
export function RowLink({ to, discover = false, ...rest }: { to: string; discover?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a {...rest} href={to} data-row-link="" data-discover={discover ? "true" : undefined} />;
}

/**
 * Whether `to` is the page at `pathname` or, unless `end`, a page under it: what `<NavLink>` marks as
 * active (letter case aside), for a `RowLink` in a navigation to say `aria-current="page"`.
 */
export function isCurrentPath(pathname: string, to: string, end = false) {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  return here === target || (!end && target !== "/" && here.startsWith(target) && here.charAt(target.length) === "/");
}

/**
 * Turns a plain left click on a `RowLink` into a client-side navigation, as `<Link>` does with its
 * own: a link to the address already shown replaces the history entry instead of adding one.
 */
export function useRowLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-row-link]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const href = link.getAttribute("href");
      if (!href?.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(href, { replace: href === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

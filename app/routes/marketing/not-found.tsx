import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { marketingMeta } from "~/components/marketing/seo";
import { ButtonLink } from "~/components/ui/button";

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, { title: "Page not found", description: "The page you are looking for does not exist.", noIndex: true });

export function loader() {
  return data(null, { status: 404 });
}

const SUGGESTIONS = [
  { to: "/platform", label: "Platform" },
  { to: "/pricing", label: "Pricing" },
  { to: "/blog", label: "Blog" },
  { to: "/jobs", label: "Open jobs" },
];

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8">
        <ButtonLink to="/">Back to the home page</ButtonLink>
      </div>
      <p className="mt-10 text-sm text-slate-600">Or try one of these:</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-semibold">
        {SUGGESTIONS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="text-brand-700 hover:text-brand-800">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

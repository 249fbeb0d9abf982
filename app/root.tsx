import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { markPrivateAnswer } from "~/server/private-answers.server";
import { cspNonceContext, responseCookiesContext } from "~/server/request-context.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

/**
 * Sends the cookies of a session that a loader refreshed (sliding expiry), and keeps every answer
 * to a session out of caches.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const cookies: string[] = [];
    context.set(responseCookiesContext, cookies);
    const response = (await next()) as Response;
    for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
    markPrivateAnswer(request, response);
    return response;
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.get(cspNonceContext) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  const detail =
    import.meta.env.DEV && error instanceof Error ? error.stack : isRouteErrorResponse(error) ? error.statusText : undefined;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-6 py-16">
      <title>{notFound ? "Page not found | OpenHire" : "Unexpected Application Error! | OpenHire"}</title>
      <p className="text-sm font-semibold text-brand-600">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        {notFound ? "Page not found" : "Unexpected Application Error!"}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
      {detail ? <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-4 text-xs text-slate-700">{detail}</pre> : null}
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-600 hover:text-brand-700">
          Back to the home page
        </Link>
      </p>
    </main>
  );
}

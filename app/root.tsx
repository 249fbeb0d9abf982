import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorPage } from "~/components/ui/error-page";
import { useRowLinkNavigation } from "~/components/ui/row-link";
import { markPrivateAnswer } from "~/server/platform/private-answers.server";
import { cspNonceContext, responseCookiesContext } from "~/server/platform/request-context.server";

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
  useRowLinkNavigation();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="flex min-h-dvh flex-col justify-center px-6 py-16">
      <ErrorPage error={error} documentTitle />
    </main>
  );
}

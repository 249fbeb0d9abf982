import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appAuth, authHeaders } from "~/server/accounts/auth.server";
import { signOut } from "~/server/accounts/sign-in.server";

/** Sign Out: ends this device's session and goes to /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await signOut(appAuth(), authHeaders(request, context));
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/login");
}

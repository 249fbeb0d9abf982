import { data } from "react-router";
import type { Route } from "./+types/settings-api-keys";
import { ApiKeysSection } from "~/features/settings/api-keys-section";
import type { SettingsAnswer } from "~/features/settings/settings-answer";
import { echoFormValues, maxLengthsOf } from "~/lib/form-echo";
import { pageMeta } from "~/lib/meta";
import { actionOrLoaderHeaders } from "~/lib/route-headers";
import { SETTINGS_PATHS } from "~/lib/settings-paths";
import { CreateApiKeySchema, RevokeApiKeySchema } from "~/schemas/api-keys";
import { formValues, parseForm } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { withClientIp } from "~/server/audit/audit.server";
import { appDatabase } from "~/server/platform/db.server";
import { DomainError } from "~/server/platform/errors.server";
import { createApiKey, listApiKeys, revokeApiKey } from "~/server/staff-api/keys.server";
import { settingsInvalid, settingsRefused, settingsSaved, unknownSettingsIntent } from "./settings-action.server";
import type { RouteAccess } from "~/lib/permissions";

/** What the loader and the action need (app/lib/permissions.ts, decision 096): admins only. */
export const access = { loader: "company.manage", action: "company.manage" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("API keys", "Keys for the staff API: create, see when each was last used, revoke.");

/** The answer holding a new key is never kept by a cache (`Cache-Control: no-store`). */
export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

const ECHO_LIMITS = maxLengthsOf(CreateApiKeySchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const keys = await listApiKeys(appDatabase(), staff);
  return {
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      scope: key.scope,
      createdBy: key.createdBy,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      works: key.works,
    })),
  };
}

/** Makes a key (answered once, on this page) or revokes one, once confirmed. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const values = formValues(await request.formData());
  const db = appDatabase();
  if (values.intent === "create-api-key") {
    const parsed = parseForm(CreateApiKeySchema, values);
    if (!parsed.success) return settingsInvalid("api-keys", parsed.errors, echoFormValues(values, ECHO_LIMITS));
    try {
      const { key } = await createApiKey(db, withClientIp(staff, context), parsed.data);
      return data<SettingsAnswer>({ form: "api-keys", apiKey: { name: parsed.data.name, key } }, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      return settingsRefused("api-keys", error, { values, limits: ECHO_LIMITS });
    }
  }
  if (values.intent === "revoke-api-key") {
    const parsed = parseForm(RevokeApiKeySchema, values);
    try {
      // A malformed id, another company's key or one revoked meanwhile: a 404, as for any row one cannot see.
      if (!parsed.success) throw new DomainError("NOT_FOUND", parsed.errors.keyId ?? "Not found");
      await revokeApiKey(db, withClientIp(staff, context), parsed.data.keyId);
    } catch (error) {
      return settingsRefused("api-keys", error);
    }
    return settingsSaved(SETTINGS_PATHS["api-keys"], "api-key-revoked");
  }
  unknownSettingsIntent();
}

export default function SettingsApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  return <ApiKeysSection data={loaderData} answer={actionData} />;
}

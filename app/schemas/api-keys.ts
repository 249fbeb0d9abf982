import { idField } from "./id";
import { isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

/**
 * Staff API keys (decision 112): made and revoked by admins in Settings › API keys. A key reads the
 * company's jobs, candidates and applications (`read`), or also adds candidates, moves applications
 * and writes notes (`write`). Shared by the schema, the settings form and the server.
 */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  read: "Read",
  write: "Read and write",
};

/** What a key starts with: who made it, that it is a live key, then its secret. */
export const API_KEY_PREFIX = "oh_live_";
/** How many characters of the key the list shows (the prefix and the secret's first 4), so a key can be told apart. */
export const API_KEY_SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;

export const API_KEY_NAME_MAX = 100;
/** Live (not revoked) keys a company may hold at once. */
export const API_KEYS_PER_COMPANY = 50;

export const API_KEY_NOT_FOUND = "That API key no longer exists";

/** "Create API key" in Settings › API keys. */
export const CreateApiKeySchema = z.object({
  name: z
    .string({ error: "Give the key a name" })
    .trim()
    .min(1, "Give the key a name")
    .max(API_KEY_NAME_MAX, `A name must be at most ${API_KEY_NAME_MAX} characters`)
    .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  scope: z.enum(API_KEY_SCOPES, { error: "Choose what the key may do" }),
});
export type CreateApiKeyInput = z.output<typeof CreateApiKeySchema>;

/** "Revoke", once confirmed. */
export const RevokeApiKeySchema = z.object({
  keyId: idField(API_KEY_NOT_FOUND),
});

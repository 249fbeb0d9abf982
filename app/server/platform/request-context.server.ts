import { createContext } from "react-router";

/** The client's IP as Express resolved it (honouring `trust proxy`): rate limits key on it. */
export const clientIpContext = createContext<string>("unknown");

/** The per-request nonce that the Content-Security-Policy allows inline scripts with. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** Set-Cookie headers that a loader produced (a refreshed session) and the root middleware sends. */
export const responseCookiesContext = createContext<string[] | undefined>(undefined);

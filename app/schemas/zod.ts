// zod, configured once for every schema of the app: import `z` from here, never from "zod".
//
// In the browser, zod's faster object parser compiles code with `new Function`, and before that it
// probes whether it may; our Content-Security-Policy forbids eval, so the probe shows up as a CSP
// violation in the browser's Issues panel (and costs Lighthouse's best-practices score). Without
// the compiler, parsing a form is still far below a millisecond. The server keeps the compiler.
// This module must run before any schema is built, which importing it first guarantees.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };

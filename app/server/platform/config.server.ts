import path from "node:path";

/** Configuration from the environment; the README's table lists every variable. */
export const config = {
  production: process.env.NODE_ENV === "production",
  port: Number.parseInt(process.env.PORT ?? "3000", 10),
  /** The public address of the app: links in emails, cookie security, trusted origin. */
  baseUrl: (/^https?:\/\//.test(process.env.BASE_URL ?? "")
    ? process.env.BASE_URL!
    : `http://localhost:${process.env.PORT ?? "3000"}`
  ).replace(/\/$/, ""),
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** Connections each app node keeps to PostgreSQL. */
  databasePoolSize: Math.max(1, Number.parseInt(process.env.DATABASE_POOL_SIZE ?? "", 10) || 10),
  dataDir: path.resolve(process.env.PGLITE_DIR ?? "data"),
  authSecret: process.env.BETTER_AUTH_SECRET || undefined,
  /** Seed the demo company: by default only on a new embedded database. */
  seedDemo: process.env.SEED_DEMO === "1" ? true : process.env.SEED_DEMO === "0" ? false : undefined,
  bookingUrl: process.env.BOOKING_URL ?? "https://cal.com/openhire/demo",
};

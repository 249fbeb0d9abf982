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
  /**
   * Candidates' replies (decision 097). With a domain, emails to a candidate carry the thread's
   * `Reply-To: reply+<token>@<domain>`; replies come back through the SMTP listener (its own port,
   * off unless set) or the inbound webhook (answers 404 unless its secret is set).
   */
  inboundEmailDomain: process.env.INBOUND_EMAIL_DOMAIN?.trim().toLowerCase() || undefined,
  inboundSmtpPort: process.env.INBOUND_SMTP_PORT?.trim() || undefined,
  /** The SMTP listener listens where the HTTP server does (HOST), on every interface by default. */
  inboundSmtpHost: process.env.HOST || undefined,
  inboundWebhookSecret: process.env.INBOUND_WEBHOOK_SECRET || undefined,
  /**
   * Webhooks to loopback and private addresses (decision 113): refused unless this is set, since the
   * server would otherwise POST wherever an admin points it inside its own network. For tests, and
   * for a receiver on the same private network.
   */
  webhooksAllowPrivateNetworks: /^(1|true)$/i.test(process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ?? ""),
  bookingUrl: process.env.BOOKING_URL ?? "https://cal.com/openhire/demo",
  /** Where the local file storage keeps uploaded files; `<dataDir>/files` when unset (app/server/storage). */
  filesDir: process.env.FILES_DIR ? path.resolve(process.env.FILES_DIR) : undefined,
  /** An S3-compatible store for uploaded files instead of the local directory, when S3_BUCKET is set. */
  s3: process.env.S3_BUCKET
    ? {
        bucket: process.env.S3_BUCKET,
        region: process.env.S3_REGION || "us-east-1",
        /** MinIO, R2 and other S3-compatible stores; unset for AWS S3. */
        endpoint: process.env.S3_ENDPOINT || undefined,
        /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, an instance role) applies. */
        accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
        /** `bucket` in the path (`endpoint/bucket/key`) rather than the host name: MinIO needs it. */
        forcePathStyle: /^(1|true)$/i.test(process.env.S3_FORCE_PATH_STYLE ?? ""),
      }
    : undefined,
};

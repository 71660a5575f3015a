import path from "node:path";
import { z } from "zod";

/**
 * Configuration is read once, validated, and then passed around: a wrong
 * variable stops the start with a message naming it (docs/rules/quality.md#validated-configuration).
 */
const optionalUrl = z.preprocess((value) => (value === "" ? undefined : value), z.url().optional());
const optionalText = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

/** Variables the S3 driver cannot do without; missing ones are named in the error. */
const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  ADMIN_EMAIL: z.email().default("admin@parcours.local"),
  BETTER_AUTH_SECRET: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  TRUSTED_PROXY_HEADER: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^[a-z0-9-]+$/i, "must be a header name")
      .optional(),
  ),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  SMTP_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default("Parcours <no-reply@parcours.local>"),
  MAIL_OUTBOX: z.enum(["true", "false"]).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
  ADMIN_REQUIRE_2FA: z.enum(["true", "false"]).default("false"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DEMO_CONTENT: z.enum(["auto", "always", "never"]).default("auto"),
  CONTACT_EMAIL: z.email().default("contact@parcours.example"),
  BLOG_URL: optionalUrl,
  SOCIAL_URL: optionalUrl,
  VIDEO_URL: optionalUrl,
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  ),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
})
  .superRefine((values, context) => {
    if (values.STORAGE_DRIVER !== "s3") return;
    for (const name of S3_REQUIRED) {
      if (!values[name]) context.addIssue({ code: "custom", path: [name], message: "required when STORAGE_DRIVER=s3" });
    }
  });

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export type Config = {
  environment: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The origins whose pages may post forms here. PUBLIC_URL set: its origin alone. Unset (a local
   * try-out): the served port on every loopback name, so http://127.0.0.1:3000 works like
   * http://localhost:3000.
   */
  siteOrigins: string[];
  adminEmail: string;
  contactEmail: string;
  authSecret: string | undefined;
  /** Header set by the reverse proxy in front of us with the client's address; unset: the socket address. */
  trustedProxyHeader: string | undefined;
  /** Open live-update streams (Server-Sent Events) one client address may hold on one server process. */
  liveStreamsPerAddress: number;
  /** Requests one client address may make to the public read API (/api/v1) per minute (decision 0036). */
  apiRequestsPerMinute: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The development outbox (DATA_DIR/outbox) when there is no SMTP: never in production unless MAIL_OUTBOX=true. */
  mailOutboxDir: string | null;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  adminRequiresTwoFactor: boolean;
  logLevel: z.infer<typeof environmentSchema>["LOG_LEVEL"];
  loadDemoContent: boolean;
  externalLinks: { blog: string; social: string; video: string };
  /** Uploaded images: DATA_DIR/images, or an S3-compatible bucket (docs/decisions/0005). */
  storage:
    | { driver: "local"; directory: string }
    | { driver: "s3"; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  return {
    environment: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    siteOrigins: values.PUBLIC_URL ? [new URL(values.PUBLIC_URL).origin] : LOOPBACK_NAMES.map((name) => `http://${name}:${values.PORT}`),
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    contactEmail: values.CONTACT_EMAIL,
    authSecret: values.BETTER_AUTH_SECRET,
    trustedProxyHeader: values.TRUSTED_PROXY_HEADER?.toLowerCase(),
    liveStreamsPerAddress: values.LIVE_STREAMS_PER_ADDRESS,
    apiRequestsPerMinute: values.API_REQUESTS_PER_MINUTE,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    mailOutboxDir:
      values.MAIL_OUTBOX === "true" || (values.MAIL_OUTBOX === undefined && values.NODE_ENV !== "production")
        ? path.join(path.resolve(values.DATA_DIR), "outbox")
        : null,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            discoveryUrl: values.GOOGLE_DISCOVERY_URL,
          }
        : null,
    adminRequiresTwoFactor: values.ADMIN_REQUIRE_2FA === "true",
    logLevel: values.LOG_LEVEL,
    // Demo content fills an empty database, except in production where it must be asked for.
    loadDemoContent:
      values.DEMO_CONTENT === "always" || (values.DEMO_CONTENT === "auto" && values.NODE_ENV !== "production"),
    externalLinks: {
      blog: values.BLOG_URL ?? "https://blog.parcours.example",
      social: values.SOCIAL_URL ?? "https://social.parcours.example",
      video: values.VIDEO_URL ?? "https://video.parcours.example",
    },
    storage:
      values.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3",
            // Present: checked by the schema's refinement above.
            endpoint: values.S3_ENDPOINT!,
            region: values.S3_REGION,
            bucket: values.S3_BUCKET!,
            accessKeyId: values.S3_ACCESS_KEY_ID!,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY!,
          }
        : { driver: "local", directory: path.join(path.resolve(values.DATA_DIR), "images") },
  };
}

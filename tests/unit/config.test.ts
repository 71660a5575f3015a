import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/server/config";

describe("configuration", () => {
  it("has safe defaults for the embedded mode", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      dataDir: path.resolve("./data"),
      publicUrl: "http://localhost:3000",
      loadDemoContent: true,
      liveStreamsPerAddress: 20,
      apiRequestsPerMinute: 120,
    });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ ADMIN_EMAIL: "nobody" })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ LIVE_STREAMS_PER_ADDRESS: "0" })).toThrow(/LIVE_STREAMS_PER_ADDRESS/);
    expect(() => loadConfig({ API_REQUESTS_PER_MINUTE: "0" })).toThrow(/API_REQUESTS_PER_MINUTE/);
  });

  it("never loads demo content in production unless asked", () => {
    expect(loadConfig({ NODE_ENV: "production" }).loadDemoContent).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEMO_CONTENT: "always" }).loadDemoContent).toBe(true);
    expect(loadConfig({ DEMO_CONTENT: "never" }).loadDemoContent).toBe(false);
  });

  it("normalises the admin e-mail and the public URL", () => {
    const config = loadConfig({ ADMIN_EMAIL: "Boss@Example.com", PUBLIC_URL: "https://parcours.example/" });
    expect(config.adminEmail).toBe("boss@example.com");
    expect(config.publicUrl).toBe("https://parcours.example");
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/server/config";

const S3 = {
  STORAGE_DRIVER: "s3",
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_BUCKET: "parcours",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
};

describe("image storage configuration", () => {
  it("keeps images on the local disk under DATA_DIR by default", () => {
    expect(loadConfig({}).storage).toEqual({ driver: "local", directory: path.resolve("./data/images") });
    expect(loadConfig({ DATA_DIR: "/srv/parcours" }).storage).toEqual({ driver: "local", directory: "/srv/parcours/images" });
  });

  it("reads the S3 settings, with us-east-1 as the default region", () => {
    expect(loadConfig(S3).storage).toEqual({
      driver: "s3",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "parcours",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    expect(loadConfig({ ...S3, S3_REGION: "eu-west-3" }).storage).toMatchObject({ region: "eu-west-3" });
  });

  it("names every S3 variable missing when STORAGE_DRIVER=s3", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(ConfigError);
    for (const name of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      expect(() => loadConfig({ ...S3, [name]: undefined })).toThrow(new RegExp(`${name}: required when STORAGE_DRIVER=s3`));
      expect(() => loadConfig({ ...S3, [name]: "" })).toThrow(new RegExp(name));
    }
  });

  it("refuses an unknown driver or an endpoint that is not an address", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
  });

  it("ignores S3 variables when the local driver is chosen", () => {
    expect(loadConfig({ ...S3, STORAGE_DRIVER: "local", S3_BUCKET: "" }).storage.driver).toBe("local");
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listedFiles } from "../../chunk-groups";

const root = path.resolve(import.meta.dirname, "../..");

// The build checks the same (vite.config.ts); this names a renamed or moved module without building.
describe("chunk-groups.ts", () => {
  it("lists only files that exist, each in one chunk", () => {
    const files = listedFiles().map(([file]) => file);
    expect(files.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
  });
});

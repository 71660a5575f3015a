import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = path.resolve("scripts/check-citations.mjs");
// The fixtures' citations are spelled in pieces, so that this file does not fail the check it tests.
const SECTION = "\u00a7";
const DOCS = "docs";
const folders: string[] = [];

/** A throwaway repository holding one rules file, one decision record and `source.ts` with the given line. */
function repositoryCiting(line: string): string {
  const root = mkdtempSync(path.join(tmpdir(), "citations-"));
  folders.push(root);
  execFileSync("git", ["init", "--quiet"], { cwd: root });
  mkdirSync(path.join(root, "docs/rules"), { recursive: true });
  mkdirSync(path.join(root, "docs/decisions"), { recursive: true });
  writeFileSync(path.join(root, DOCS, "rules/ratings.md"), "# Ratings\n\n## Review length\n\nAt most 2,000 characters.\n");
  writeFileSync(path.join(root, DOCS, "decisions/0001-stack.md"), "# 0001 — Stack\n");
  writeFileSync(path.join(root, "source.ts"), `// ${line}\nexport const answer = 42;\n`);
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [script, root], { encoding: "utf8" });
  return { status: run.status, output: run.stdout };
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the citation check", () => {
  it("fails on an anchor that no heading has", () => {
    const { status, output } = check(repositoryCiting(`Capped: ${DOCS}/rules/ratings.md#review-size.`));
    expect(status).toBe(1);
    expect(output).toContain(`source.ts:1: ${DOCS}/rules/ratings.md#review-size: no heading of ${DOCS}/rules/ratings.md has the anchor #review-size`);
  });

  it("fails on a file that does not exist", () => {
    const { status, output } = check(repositoryCiting(`See ${DOCS}/rules/votes.md#messages.`));
    expect(status).toBe(1);
    expect(output).toContain(`source.ts:1: ${DOCS}/rules/votes.md does not exist`);
  });

  it("fails on a decision without a record", () => {
    const { status, output } = check(repositoryCiting("As decisions 0001 and 0002 say."));
    expect(status).toBe(1);
    expect(output).toContain("source.ts:1: decision 0002 has no record in docs/decisions");
    expect(output).not.toContain("decision 0001");
  });

  it("fails on a section sign, the design brief and a ticket number", () => {
    for (const line of [`Capped (public site ${SECTION}5).`, "Budgets of DESIGN" + ".md.", `Added for ${["issue", 12].join(" ")}.`, "Fixed (#" + "12)."]) {
      const { status, output } = check(repositoryCiting(line));
      expect(status, line).toBe(1);
      expect(output, line).toMatch(/^source\.ts:1: /);
    }
  });

  it("passes valid citations and external references with their address", () => {
    const { status, output } = check(
      repositoryCiting(
        `Capped (${DOCS}/rules/ratings.md#review-length, decision 0001, ${DOCS}/decisions/0001-stack.md); ` +
          `see https://github.com/remix-run/react-router/issues/12 and RFC 9110 ${SECTION}13.1.2.`,
      ),
    );
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("follows GitHub's anchors: accents kept, punctuation dropped, repeats numbered", () => {
    const root = repositoryCiting(`See ${DOCS}/rules/ratings.md#durée-de-visite-journée and ${DOCS}/rules/ratings.md#review-length-1.`);
    writeFileSync(path.join(root, DOCS, "rules/ratings.md"), "## Durée de visite (journée)\n\n## Review length\n\n## Review length\n");
    const { status, output } = check(root);
    expect(output).toBe("");
    expect(status).toBe(0);
  });

  it("follows the relative links of Markdown files to their file and heading", () => {
    const root = repositoryCiting("Nothing cited here.");
    writeFileSync(path.join(root, DOCS, "rules/README.md"), "- [length](ratings.md#review-length)\n- [votes](ratings.md#votes)\n");
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output.trim()).toBe(`${DOCS}/rules/README.md:2: ratings.md#votes: no heading of ${DOCS}/rules/ratings.md has the anchor #votes\n1 citation problem(s): see ${DOCS}/rules/README.md for how to cite.`);
  });
});

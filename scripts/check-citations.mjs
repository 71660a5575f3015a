#!/usr/bin/env node
/**
 * Every reason the code and the docs give must be readable in a clone (decision 0049): a cited
 * `docs/….md` file and its `#anchor` exist, a cited decision record exists, and nothing cites a
 * document the repository does not hold (the product's specification, the design brief, ticket
 * numbers). External public references are fine with their full address.
 *
 * Usage: node scripts/check-citations.mjs [root]   (root defaults to the current directory)
 * Prints one line per problem (file:line: what) and exits 1 when there is any.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? ".");

/** Files nobody writes by hand, or that are not text. */
const SKIPPED = [/^docs\/screenshots\//, /^drizzle\/meta\//, /^package-lock\.json$/];

const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]"'`]+/gi;
const DOC_PATH = /(?<![\w/.-])docs\/[\w./-]+?\.md(?:#([\p{L}\p{M}\p{N}_-]+))?/gu;
/** A Markdown link to another Markdown file by a relative path, checked in .md files: `[text](plans.md#saving)`. */
const RELATIVE_LINK = /\]\((?![a-z][a-z0-9+.-]*:|\/|#)([^)\s#]+\.md)(?:#([^)\s]+))?\)/giu;
const DECISION_WORDS = /\bdecisions?\s+(\d{4}(?:(?:\s*,\s*|\s+(?:and|or|et)\s+|\s*\/\s*)\d{4})*)/gi;
const DECISION_PATH = /(?<![\w/.-])docs\/decisions\/(\d{4})/g;

/** What cites a document outside the repository; each with what the problem line says. */
const FORBIDDEN = [
  // An external standard's section (RFC 9110 \u00a713.1.2) is a public reference.
  { pattern: /(?<!\bRFC \d{3,5} ?)\u00a7/u, what: "a section sign cites a document the repository does not hold" },
  { pattern: /\bDESIGN\.md\b/, what: "the design brief is not in the repository: cite docs/rules/quality.md" },
  { pattern: /(?<![\w.-])spec\//, what: "a folder outside the repository: cite docs/rules/" },
  {
    pattern: /\bthe (?:product )?spec(?:ification)?\b(?!\s+files?\b)/i,
    what: "a product document outside the repository: cite docs/rules/",
  },
  { pattern: /\b(?:issue|ticket)s?\s+#?\d+/i, what: "a ticket number: say why instead" },
  { pattern: /\(#\d+\)/, what: "a ticket number: say why instead" },
];

/** GitHub's heading anchor: lower case, punctuation dropped (not - and _), spaces become -. */
function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

const anchorsByFile = new Map();

/** The anchors of a Markdown file: its headings (numbered when repeated, as GitHub does) and explicit ids. */
function anchorsOf(file) {
  let anchors = anchorsByFile.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

function decisionExists(number) {
  const folder = path.join(root, "docs/decisions");
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(`${number}-`) && name.endsWith(".md"));
}

function listFiles() {
  const output = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split("\0").filter(Boolean))].filter((file) => !SKIPPED.some((skip) => skip.test(file)));
}

function readText(file) {
  const full = path.join(root, file);
  // A deleted but still listed file, or a symbolic link to a folder (node_modules in a worktree).
  if (!existsSync(full) || !statSync(full).isFile()) return null;
  const bytes = readFileSync(full);
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString("utf8");
}

/** The problem with citing `file` (a path from the repository's root) and its anchor, if any. */
function citationProblem(cited, file, anchor) {
  const full = path.join(root, file);
  if (!existsSync(full)) return `${file} does not exist`;
  if (anchor !== undefined && !anchorsOf(full).has(anchor)) return `${cited}: no heading of ${file} has the anchor #${anchor}`;
  return null;
}

function problemsOfLine(line, source) {
  const problems = [];
  const text = line.replace(URL, (address) => " ".repeat(address.length));
  for (const [cited, anchor] of text.matchAll(DOC_PATH)) problems.push(citationProblem(cited, cited.replace(/#.*$/, ""), anchor));
  if (source.endsWith(".md")) {
    for (const [, target, anchor] of line.matchAll(RELATIVE_LINK)) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(source), target));
      problems.push(citationProblem(anchor === undefined ? target : `${target}#${anchor}`, file, anchor));
    }
  }
  const numbers = new Set();
  for (const match of text.matchAll(DECISION_WORDS)) for (const [number] of match[1].matchAll(/\d{4}/g)) numbers.add(number);
  for (const match of text.matchAll(DECISION_PATH)) numbers.add(match[1]);
  for (const number of numbers) if (!decisionExists(number)) problems.push(`decision ${number} has no record in docs/decisions`);
  for (const { pattern, what } of FORBIDDEN) if (pattern.test(text)) problems.push(what);
  return problems.filter((problem) => problem !== null);
}

const problems = [];
for (const file of listFiles()) {
  const text = readText(file);
  if (text === null) continue;
  text.split("\n").forEach((line, index) => {
    for (const problem of problemsOfLine(line, file)) problems.push(`${file}:${index + 1}: ${problem}`);
  });
}
for (const problem of problems) console.log(problem);
if (problems.length > 0) {
  console.log(`${problems.length} citation problem(s): see docs/rules/README.md for how to cite.`);
  process.exit(1);
}

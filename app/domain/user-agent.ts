/**
 * A readable summary of a session's User-Agent for the account page's session
 * list: the browser and the system, e.g. { browser: "Firefox", os: "Windows" }.
 * Either is null when it cannot be told (the page then says "unknown").
 */
export type DeviceSummary = { browser: string | null; os: string | null };

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chromium)\//, "Chromium"],
  [/\b(?:Chrome|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const value = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
  return { browser, os };
}

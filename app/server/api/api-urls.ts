import { localizedPath } from "~/domain/languages";

/**
 * Absolute addresses in API answers, always from the configured public address (PUBLIC_URL), never from
 * the request's Host header: the same answer for everyone, so one ETag and one cache entry per resource.
 */
export type ApiUrls = {
  /** `/api/v1` + path (and query). */
  api: (path: string) => string;
  /** The public web page at `path`, in French and in English. */
  page: (path: string) => { fr: string; en: string };
};

export const API_BASE_PATH = "/api/v1";

export function apiUrls(publicUrl: string): ApiUrls {
  return {
    api: (path) => `${publicUrl}${API_BASE_PATH}${path}`,
    page: (path) => ({ fr: `${publicUrl}${localizedPath("fr", path)}`, en: `${publicUrl}${localizedPath("en", path)}` }),
  };
}

/**
 * What the API documentation page shows (docs/rules/catalogue.md#public-api), made on the server from the generated OpenAPI
 * document (app/server/api/api-docs.ts): declared here because the page's component may not import server code.
 */
export type ApiDocsParameter = { name: string; location: "path" | "query"; required: boolean; type: string; description: string };
type ApiDocsResponse = { status: string; description: string; shape: string | null };
export type ApiDocsOperation = {
  id: string;
  method: "GET";
  path: string;
  summary: string;
  description: string;
  parameters: ApiDocsParameter[];
  responses: ApiDocsResponse[];
};
export type ApiDocsShape = { name: string; description: string; schema: string };
export type ApiDocsView = {
  baseUrl: string;
  documentUrl: string;
  /** Each client address's allowance (API_REQUESTS_PER_MINUTE). */
  requestsPerMinute: number;
  operations: ApiDocsOperation[];
  shapes: ApiDocsShape[];
};

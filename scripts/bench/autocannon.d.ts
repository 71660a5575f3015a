/** The part of autocannon 8's API the server benchmark uses (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  type Client = { setHeaders: (headers: Record<string, string>) => void };
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Array<Request & { setupRequest?: (request: Request, context: Record<string, unknown>) => Request }>;
    setupClient?: (client: Client) => void;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's behaviours, each declined for now rather than left unset (which prints a warning
  // on every build): each changes something this application relies on. Decision 0048 says what.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;

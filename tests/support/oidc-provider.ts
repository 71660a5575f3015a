import { OAuth2Server } from "oauth2-mock-server";

export type OidcIdentity = { sub: string; email: string; email_verified: boolean; name: string };

/**
 * A local OpenID Connect provider standing in for Google: discovery, authorize
 * (which answers at once, as if the person had consented), token, userinfo.
 * `identity` is what the next sign-in reports.
 */
export async function startOidcProvider(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  const state = {
    identity: { sub: "google-1", email: "google.user@example.com", email_verified: true, name: "Google User" } as OidcIdentity,
  };
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, state.identity);
  });
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...state.identity };
  });
  return {
    discoveryUrl: `${server.issuer.url}/.well-known/openid-configuration`,
    setIdentity: (identity: OidcIdentity) => {
      state.identity = identity;
    },
    close: () => server.stop(),
  };
}

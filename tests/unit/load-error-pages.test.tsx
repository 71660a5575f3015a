import { renderToString } from "react-dom/server";
import { Outlet, createStaticHandler, createStaticRouter, data, useRouteError, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import fr from "~/i18n/locales/fr";
import { TranslationProvider } from "~/i18n/translation-context";
import { ErrorBoundary as AttractionErrorBoundary } from "~/routes/attraction";
import { ErrorBoundary as ParkErrorBoundary } from "~/routes/park";
import { ErrorBoundary as ProfileErrorBoundary } from "~/routes/profile";

type Boundary = (props: { error: unknown }) => React.ReactNode;

/** Renders a page whose loader fails the given way, under the root's data, as the server does. */
async function renderFailure(Boundary: Boundary, failure: () => never) {
  const rootData = { language: "fr", messages: fr, user: null, publicUrl: "http://localhost", externalLinks: {}, contactEmail: "" };
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      Component: () => (
        <TranslationProvider language="fr" messages={fr}>
          <Outlet />
        </TranslationProvider>
      ),
      children: [{ path: "page", loader: failure, Component: () => null, ErrorBoundary: () => <Boundary error={useRouteError()} /> }],
    },
  ]);
  const context = await handler.query(new Request("http://localhost/page"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const databaseDown = (): never => {
  throw new Error("connection refused");
};

describe("pages whose data cannot be loaded (public site §8)", () => {
  it.each([
    ["park", ParkErrorBoundary, "Impossible de charger les informations du parc"],
    ["attraction", AttractionErrorBoundary, "Impossible de charger les informations de l&#x27;attraction"],
    ["profile", ProfileErrorBoundary, "Impossible de charger le profil"],
  ] as const)("the %s page names what failed, in its heading and its title", async (_page, Boundary, message) => {
    const html = await renderFailure(Boundary as Boundary, databaseDown);
    expect(html).toContain(`<h1 class="mt-2 text-3xl font-bold">${message}</h1>`);
    expect(html).toContain(`<title>${message} — Parcours</title>`);
    expect(html).not.toContain("connection refused");
  });

  it("a missing one keeps its own not-found message", async () => {
    const html = await renderFailure(AttractionErrorBoundary as Boundary, () => {
      throw data("Attraction non trouvée", { status: 404 });
    });
    expect(html).toContain(">Attraction non trouvée</h1>");
    expect(html).toContain("Erreur 404");
    expect(html).not.toContain("Impossible de charger");
  });
});

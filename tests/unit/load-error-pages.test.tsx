import { renderToString } from "react-dom/server";
import { Outlet, createStaticHandler, createStaticRouter, data, useRouteError, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import en from "~/i18n/locales/en";
import fr from "~/i18n/locales/fr";
import { TranslationProvider } from "~/i18n/translation-context";
import type { Language } from "~/domain/languages";
import { ErrorBoundary as AccountErrorBoundary } from "~/routes/account";
import { ErrorBoundary as AdminErrorBoundary } from "~/routes/admin/layout";
import { ErrorBoundary as RideErrorBoundary } from "~/routes/attraction";
import { ErrorBoundary as ParkErrorBoundary } from "~/routes/park";
import { ErrorBoundary as ProfileErrorBoundary } from "~/routes/profile";

type Boundary = (props: { error: unknown }) => React.ReactNode;

/** Renders a page whose loader fails the given way, under the root's data, as the server does. */
async function renderFailure(Boundary: Boundary, failure: () => never, language: Language = "fr") {
  const messages = language === "fr" ? fr : en;
  const rootData = { language, messages, user: null, publicUrl: "http://localhost", externalLinks: {}, contactEmail: "" };
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => rootData,
      Component: () => (
        <TranslationProvider language={language} messages={messages}>
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

describe("pages whose data cannot be loaded (docs/rules/site.md#error-pages)", () => {
  it.each([
    ["park", ParkErrorBoundary, "Impossible de charger les informations du parc"],
    ["attraction", RideErrorBoundary, "Impossible de charger les informations de l&#x27;attraction"],
    ["profile", ProfileErrorBoundary, "Impossible de charger le profil"],
  ] as const)("the %s page names what failed, in its heading and its title", async (_page, Boundary, message) => {
    const html = await renderFailure(Boundary as Boundary, databaseDown);
    expect(html).toContain(`<h1 class="mt-2 text-3xl font-bold">${message}</h1>`);
    expect(html).toContain(`<title>${message} — Parcours</title>`);
    expect(html).not.toContain("connection refused");
  });

  it("a missing one keeps its own not-found message", async () => {
    const html = await renderFailure(RideErrorBoundary as Boundary, () => {
      throw data("Attraction non trouvée", { status: 404 });
    });
    expect(html).toContain(">Attraction non trouvée</h1>");
    expect(html).toContain("Erreur 404");
    expect(html).not.toContain("Impossible de charger");
  });

  it("says it in English on an English page", async () => {
    const html = await renderFailure(ParkErrorBoundary as Boundary, databaseDown, "en");
    expect(html).toContain(`<h1 class="mt-2 text-3xl font-bold">Unable to load the park&#x27;s information</h1>`);
    expect(html).toContain("Error 500");
    expect(html).toContain('href="/en/"');
  });
});

describe("the shared error page of every other route (docs/rules/site.md#error-pages)", () => {
  it.each([
    ["fr", "Erreur 500", "Une erreur est survenue", "Nous n&#x27;avons pas pu afficher cette page"],
    ["en", "Error 500", "An error occurred", "We could not display this page"],
  ] as const)("an unexpected error (%s) is the generic page, without the error's message or stack", async (language, status, title, body) => {
    const html = await renderFailure(AccountErrorBoundary as Boundary, databaseDown, language);
    expect(html).toContain(status);
    expect(html).toContain(`>${title}</h1>`);
    expect(html).toContain(body);
    expect(html).not.toContain("connection refused");
    expect(html).not.toContain("at ");
  });

  it.each([
    ["fr", 404, "Page introuvable", "La page demandée n&#x27;existe pas"],
    ["en", 404, "Page not found", "The page you asked for does not exist"],
    ["fr", 403, "Accès refusé", "Vous n&#x27;avez pas les droits"],
    ["en", 403, "Access denied", "You do not have"],
  ] as const)("a %s %i has its own title and message", async (language, status, title, body) => {
    const html = await renderFailure(
      AccountErrorBoundary as Boundary,
      () => {
        throw data(null, { status });
      },
      language,
    );
    expect(html).toContain(`>${title}</h1>`);
    expect(html).toContain(body);
    expect(html).toContain(`<title>${title} — Parcours</title>`);
  });
});

describe("the back office's refusal of ADMIN_EMAIL's account before its address is confirmed (decision 0038)", () => {
  const refusal = {
    title: fr.admin.unconfirmed.title,
    body: fr.admin.unconfirmed.body,
    link: { href: "/fr/account#account-email", label: fr.admin.unconfirmed.link },
  };

  it("says why and links to the account page's confirmation, where other members get the plain 403 page", async () => {
    const explained = await renderFailure(AdminErrorBoundary as Boundary, () => {
      throw data(refusal, { status: 403 });
    });
    expect(explained).toContain(`<h1 class="mt-2 text-3xl font-bold">${refusal.title.replace(/'/g, "&#x27;")}</h1>`);
    expect(explained).toContain(refusal.body.replace(/'/g, "&#x27;"));
    expect(explained).toContain('href="/fr/account#account-email"');
    const plain = await renderFailure(AdminErrorBoundary as Boundary, () => {
      throw data("Accès refusé", { status: 403 });
    });
    expect(plain).toContain(fr.errors.forbiddenBody.replace(/'/g, "&#x27;"));
    expect(plain).not.toContain("account#account-email");
  });
});

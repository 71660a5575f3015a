import { useTranslation } from "~/i18n/translation-context";
import { isRouteErrorResponse, NavLink, Outlet, useNavigation } from "react-router";
import { routeMessages } from "~/i18n/route-messages";
import { requireAdmin } from "~/server/auth/guards";
import { requestLanguage } from "~/server/language";
import { ADMIN_SECTIONS } from "./sections";
import type { Route } from "./+types/layout";
import { RouteErrorPage } from "~/components/route-error-boundary";
import { ExplainedRefusalPage } from "~/components/admin/explained-refusal-page";
import { isExplainedRefusal } from "~/domain/explained-refusal";
import { SignOutForm } from "~/components/layout/sign-out-form";

/**
 * Every admin screen is checked on the server: visitors go to /login, members get the 403 page
 * (ADMIN_EMAIL's account before its address is confirmed gets one that says why: decision 0038).
 * This guards the screens' loaders as a whole; each child's action still checks the role itself,
 * since a layout's loader does not run before a child's action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { messages: routeMessages(requestLanguage(request), ["admin", "contribute", "attraction", "attractionTypes", "suggestions", "park.audiences"]) };
}

const LINK =
  "block rounded-md px-3 py-2 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-[current=page]:bg-teal-50 aria-[current=page]:font-semibold";

// The back office's texts come with its own loader, for all its screens (public pages do not carry them).
export default function AdminLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label={t("admin.menu")} className="md:w-56 md:shrink-0">
        <ul className="space-y-1">
          <li>
            <NavLink to="/admin" end className={LINK}>
              {t("admin.sections.dashboard")}
            </NavLink>
          </li>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section}>
              <NavLink to={`/admin/${section}`} className={LINK}>
                {t(`admin.sections.${section}`)}
              </NavLink>
            </li>
          ))}
          <li>
            <SignOutForm buttonClassName={`${LINK} w-full text-left`} />
          </li>
        </ul>
      </nav>
      {/* A wide table scrolls inside the screen's column rather than widening the whole page on a phone. */}
      <div className="min-w-0 flex-1 overflow-x-auto" aria-busy={navigation.state === "loading" ? true : undefined}>
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && isExplainedRefusal(error.data)) return <ExplainedRefusalPage status={error.status} refusal={error.data} />;
  return <RouteErrorPage error={error} />;
}

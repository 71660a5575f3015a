import { useTranslation } from "~/i18n/translation-context";
import { NavLink, Outlet } from "react-router";
import { requireAdmin } from "~/server/auth/guards";
import { ADMIN_SECTIONS } from "./sections";
import type { Route } from "./+types/layout";
import { routeErrorBoundary } from "~/components/route-error-boundary";

/** Every admin screen is checked on the server: non-administrators go to /login. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

export default function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row">
      <nav aria-label={t("admin.menu")} className="md:w-56">
        <ul className="space-y-1">
          <li>
            <NavLink to="/admin" end className="block rounded-md px-3 py-2 hover:bg-stone-100 aria-[current=page]:bg-teal-50 aria-[current=page]:font-semibold">
              {t("admin.sections.dashboard")}
            </NavLink>
          </li>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section}>
              <NavLink to={`/admin/${section}`} className="block rounded-md px-3 py-2 hover:bg-stone-100 aria-[current=page]:bg-teal-50 aria-[current=page]:font-semibold">
                {t(`admin.sections.${section}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();

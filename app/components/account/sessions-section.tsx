import { useTranslation } from "~/i18n/translation-context";
import { Form } from "react-router";
import { secondaryButton } from "../auth-card";
import { useLanguage } from "../root-data";
import { formatDate } from "~/domain/format";
import { summarizeUserAgent } from "~/domain/user-agent";
import type { AccountSession } from "~/domain/account-session";
import { AccountCard, SectionMessages, type SectionResult } from "./section-parts";

/** The member's signed-in devices, each with its own "log out", and "log out everywhere". */
export function SessionsSection({ sessions, result }: { sessions: AccountSession[]; result: SectionResult }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deviceName = (session: AccountSession) => {
    const device = summarizeUserAgent(session.userAgent);
    return t("account.sessions.device", {
      browser: device.browser ?? t("account.sessions.unknownBrowser"),
      os: device.os ?? t("account.sessions.unknownOs"),
    });
  };
  return (
    <AccountCard id="security-sessions" title={t("account.sessions.title")}>
      <SectionMessages result={result} />
      <p className="mt-1 text-sm text-stone-700">{t("account.sessions.listIntro")}</p>
      <ul className="mt-3 divide-y divide-stone-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-session-id={session.id}>
            <div className="text-sm">
              <p className="font-semibold">
                {deviceName(session)}
                {session.current ? " " : null}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">
                    {t("account.sessions.thisDevice")}
                  </span>
                ) : null}
              </p>
              <p className="text-stone-700">{t("account.sessions.ip", { ip: session.ipAddress ?? t("account.sessions.unknownIp") })}</p>
              <p className="text-stone-700">
                {t("account.sessions.created", { date: formatDate(session.createdAt, language) })} ·{" "}
                {t("account.sessions.lastActive", { date: formatDate(session.lastActiveAt, language) })}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="sessionId" value={session.id} />
              <button type="submit" name="intent" value="revoke-session" className={secondaryButton}>
                {session.current ? t("account.sessions.revokeCurrent") : t("account.sessions.revoke", { device: deviceName(session) })}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-stone-700">{t("account.sessions.intro")}</p>
      <Form method="post" className="mt-2">
        <button type="submit" name="intent" value="logout-everywhere" className={secondaryButton}>
          {t("account.sessions.logoutEverywhere")}
        </button>
      </Form>
    </AccountCard>
  );
}

import { describe, expect, it } from "vitest";
import type { Language } from "~/domain/languages";
import { logTargetInWords, settingChangesInWords } from "~/domain/moderation-log-wording";
import { resources } from "~/i18n/resources";
import { createTranslator } from "~/i18n/translate";

const t = (language: Language) => createTranslator(language, resources[language]);

describe("the moderation log in words", () => {
  it("words settings changes in both languages, and keeps one it does not know as stored", () => {
    expect(settingChangesInWords("autoModeration=false, maxReportsBeforeHide=3, digestFrequency=weekly", t("fr"))).toEqual([
      "Modération automatique désactivée",
      "Masquage après 3 signalements",
      "Notifications en résumé hebdomadaire",
    ]);
    expect(settingChangesInWords("autoModeration=true, maxReportsBeforeHide=1, notifyOnReport=false", t("en"))).toEqual([
      "Automatic moderation turned on",
      "Hidden after 1 report",
      "No more alerts for reports",
    ]);
    expect(settingChangesInWords("newSetting=42", t("fr"))).toEqual(["newSetting=42"]);
  });

  it("names a report's review and a suggestion by author and subject, a settings card by its title", () => {
    const about = { targetId: "e9b1", targetName: "Parc Astérix", targetAuthor: "Marie_Coaster" };
    expect(logTargetInWords({ ...about, targetType: "comment_report" }, t("fr"))).toBe("Signalement de l'avis de Marie_Coaster sur Parc Astérix");
    expect(logTargetInWords({ ...about, targetType: "comment_report" }, t("en"))).toBe("Report on Marie_Coaster's review of Parc Astérix");
    expect(logTargetInWords({ ...about, targetType: "suggestion" }, t("fr"))).toBe("Suggestion de Marie_Coaster pour Parc Astérix");
    expect(logTargetInWords({ ...about, targetType: "comment_report", targetName: null }, t("fr"))).toBe("Signalement d'un avis supprimé depuis");
    expect(logTargetInWords({ targetType: "settings", targetId: "general", targetName: null, targetAuthor: null }, t("fr"))).toBe("Paramètres généraux");
    expect(logTargetInWords({ targetType: "settings", targetId: "notifications", targetName: null, targetAuthor: null }, t("en"))).toBe("Notification settings");
    // Parks, rides and members keep their type and name.
    expect(logTargetInWords({ ...about, targetType: "park" }, t("fr"))).toBeNull();
  });
});

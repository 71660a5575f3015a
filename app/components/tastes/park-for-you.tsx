import { useTranslation } from "~/i18n/translation-context";
import type { RideSuggestionView } from "~/domain/member-tastes";
import { RideSuggestionList } from "./ride-suggestion-list";

/** "Pour vous dans ce parc" (docs/rules/profiles.md#for-you): the member's rides for them in the park. */
export function ParkForYou({ suggestions }: { suggestions: readonly RideSuggestionView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="park-for-you" className="taste-box mt-6">
      <h2 id="park-for-you" className="text-xl font-bold">
        {t("forYou.parkTitle")}
      </h2>
      <RideSuggestionList suggestions={suggestions} withPark={false} />
    </section>
  );
}

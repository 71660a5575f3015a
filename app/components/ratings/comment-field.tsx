import { useTranslation } from "~/i18n/translation-context";
import { COMMENT_MAX_LENGTH } from "~/domain/comment-limits";

/** The optional review comment of both rating forms. */
export function CommentField({ label, defaultValue, errors }: { label: string; defaultValue: string; errors: string[] | null }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="review-comment" className="block text-sm font-medium text-stone-800">
        {label} <span className="font-normal text-stone-500">({t("contribute.optional")})</span>
      </label>
      <textarea
        id="review-comment"
        name="comment"
        rows={4}
        maxLength={COMMENT_MAX_LENGTH}
        defaultValue={defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? "review-comment-error" : undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2"
      />
      {errors ? (
        <p id="review-comment-error" className="mt-1 text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

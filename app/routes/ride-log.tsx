import { redirect, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/translation-context";
import { titledMeta } from "~/components/page-meta";
import { routeErrorBoundary } from "~/components/route-error-boundary";
import { ExportLinks } from "~/components/ride-log/export-links";
import { ImportList } from "~/components/ride-log/import-list";
import { ImportPreview } from "~/components/ride-log/import-preview";
import { ImportUploadForm } from "~/components/ride-log/import-upload-form";
import OwnRideLog from "~/components/ride-log/own-ride-log";
import { RideLogBookView } from "~/components/ride-log/ride-log-book-view";
import type { CurrentUser } from "~/domain/current-user";
import type { FieldMessage } from "~/domain/form-values";
import { localizedPath } from "~/domain/languages";
import type { RefusalReason } from "~/domain/outcome";
import { loginPathReturningTo } from "~/domain/return-path";
import { decodeRideLogCsv, RIDE_LOG_IMPORT_MAX_BYTES, RIDE_LOG_IMPORT_TOO_LARGE } from "~/domain/ride-log-csv";
import { readKeptLines, type RideLogImportAnswer, type RideLogImportIntent, type RideLogImportPreview } from "~/domain/ride-log-import";
import { routeMessages } from "~/i18n/route-messages";
import { dispatchIntent, type IntentHandlers, type PostedIntent } from "~/server/http/dispatch-intent";
import type { PageAnswer } from "~/server/http/page-answer";
import { refused } from "~/server/http/refusal-status";
import { requestLanguage } from "~/server/language";
import { listRideLogImports } from "~/server/ride-log/member-imports";
import { readOwnRideLogBook, wishListOrigin } from "~/server/ride-log/profile-ride-log";
import { confirmRideLogImport, previewRideLogImport, undoRideLogImport } from "~/server/ride-log/ride-log-import";
import type { Route } from "./+types/ride-log";

/**
 * The member's own log ('Mon carnet', docs/rules/ride-log.md): their figures and visited parks (kept by the triggers,
 * decision 0075), their rules and who sees the log, 'Mes envies', then the log in files
 * (docs/rules/ride-log.md#import-and-export): the export's two links, the import of a CSV (preview, then
 * confirmation) and the imports made, each with 'Annuler l'import'.
 *
 * The preview is stateless: the server keeps nothing between it and the confirmation. The preview's form carries the
 * file's text back (a hidden field) with a checkbox per matched line (`line:ride id`), and the confirmation reads and
 * matches that text again, writing only what it reads itself. A stored preview would need a table, its expiry and
 * its cleaning for a file the member may never confirm; sending the text back costs one more upload of at most 1 MB,
 * works without JavaScript, and a text changed on the way is only another file, checked like the first.
 */

/** The page needs an account: a visitor signs in and comes back here. */
function requireMember(request: Request, user: CurrentUser | null): CurrentUser {
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(loginPathReturningTo(localizedPath(requestLanguage(request), "/login"), url.pathname));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireMember(request, context.currentUser);
  const language = requestLanguage(request);
  const [book, imports] = await Promise.all([
    wishListOrigin(new URL(request.url).searchParams).then((origin) => readOwnRideLogBook(context.db, user.id, origin, language)),
    listRideLogImports(context.db, user.id),
  ]);
  return {
    book,
    imports,
    messages: routeMessages(language, [
      "rideLog.profile",
      "attractionTypes",
      "rideLog.files",
      "rideLog.export",
      "rideLog.import",
      "rideLog.dateUnknown",
      "rideLog.entryTimes",
      "rideLog.errors",
      "auth.errors.suspended",
    ]),
  };
}

type Refusal = { reason: RefusalReason; errors: FieldMessage[]; preview?: RideLogImportPreview };

function refusedWith(intent: RideLogImportIntent, refusal: Refusal): PageAnswer<RideLogImportAnswer> {
  return refused({ intent, errors: refusal.errors, ...(refusal.preview ? { preview: refusal.preview } : {}) }, refusal.reason);
}

const badRequest = (intent: RideLogImportIntent) => refusedWith(intent, { reason: "invalid", errors: [{ key: "rideLog.errors.badRequest" }] });

/**
 * `intent=preview` with the file (multipart), `intent=confirm` with the file's text (`csv`) and the kept lines
 * (`keep`), `intent=undo` with `importId`: the forms' submit buttons name the intent.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<PageAnswer<RideLogImportAnswer>> {
  const user = requireMember(request, context.currentUser);
  const handlers: IntentHandlers<RideLogImportIntent, PostedIntent, PageAnswer<RideLogImportAnswer>> = {
    preview: async ({ form }) => {
      const file = (await form()).data.get("file");
      if (!(file instanceof File) || file.size === 0) return refusedWith("preview", { reason: "invalid", errors: [{ key: "rideLog.import.errors.noFile" }] });
      if (file.size > RIDE_LOG_IMPORT_MAX_BYTES) return refusedWith("preview", { reason: "tooLarge", errors: [RIDE_LOG_IMPORT_TOO_LARGE] });
      const text = decodeRideLogCsv(new Uint8Array(await file.arrayBuffer()));
      if (text === null) return refusedWith("preview", { reason: "invalid", errors: [{ key: "rideLog.import.errors.encoding" }] });
      const previewed = await previewRideLogImport(context.db, text);
      return previewed.ok ? { intent: "preview", preview: previewed.preview } : refusedWith("preview", previewed);
    },
    confirm: async ({ form }) => {
      const { text, all } = await form();
      const kept = readKeptLines(all("keep"));
      if (!kept) return badRequest("confirm");
      const confirmed = await confirmRideLogImport(context.db, user, text("csv"), kept);
      return confirmed.ok ? { intent: "confirm", imported: { entryCount: confirmed.entryCount } } : refusedWith("confirm", confirmed);
    },
    undo: async ({ form }) => {
      const undone = await undoRideLogImport(context.db, user, (await form()).text("importId"));
      return undone.ok ? { intent: "undo", undone: { entryCount: undone.entryCount } } : refusedWith("undo", undone);
    },
  };
  return dispatchIntent(request, handlers, () => badRequest("preview"));
}

export function meta({ matches }: Route.MetaArgs) {
  return titledMeta(matches, (t) => t("rideLog.profile.titleOwn"));
}

export default function OwnRideLogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const answer = actionData;
  const errorsOf = (intent: RideLogImportIntent) => (answer?.intent === intent && "errors" in answer ? answer.errors : null);
  const preview = answer && "preview" in answer ? answer.preview : null;
  const done =
    answer && "imported" in answer
      ? t("rideLog.import.imported", { count: answer.imported.entryCount })
      : answer && "undone" in answer
        ? t("rideLog.import.undone", { count: answer.undone.entryCount })
        : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">{t("rideLog.profile.titleOwn")}</h1>
      {loaderData.book ? (
        <div className="mt-6 grid gap-6">
          <RideLogBookView book={loaderData.book} />
          <OwnRideLog rideLog={loaderData.book} />
        </div>
      ) : null}
      <section aria-labelledby="ride-log-files" className="mt-10">
        <h2 id="ride-log-files" className="text-2xl font-bold">
          {t("rideLog.files.title")}
        </h2>
        <p className="mt-2 max-w-3xl text-stone-700">{t("rideLog.files.intro")}</p>
        <div className="mt-6 space-y-6">
          <ExportLinks />
          <ImportUploadForm errors={errorsOf("preview")} busy={submitting === "preview"} />
          {preview ? <ImportPreview key={preview.csv} preview={preview} errors={errorsOf("confirm")} busy={submitting === "confirm"} /> : null}
          <ImportList imports={loaderData.imports} done={done} errors={errorsOf("undo")} busy={submitting === "undo"} />
        </div>
      </section>
    </div>
  );
}

export const ErrorBoundary = routeErrorBoundary();

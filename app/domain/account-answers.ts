import type { MessageKey } from "~/i18n/translate";
import type { FieldMessage, FieldMessages } from "./form-values";

/**
 * What the account page's action answers (app/server/accounts/account-intents.ts),
 * per section, read by the page's section components. "page" is a request no
 * section sent (an unknown intent).
 */
export type AccountSection = "username" | "email" | "password" | "sessions" | "delete" | "page";

export type AccountActionData =
  | { section: "twoFactor"; step: "scan"; qrCode: string; secret: string; backupCodes: string[] }
  | { section: "twoFactor"; step: "done"; message: TwoFactorDone }
  | { section: "twoFactor"; step: "error"; message: MessageKey }
  | { section: AccountSection; errors: FieldMessages; success?: undefined }
  | { section: AccountSection; success: FieldMessage; errors?: undefined };

type TwoFactorDone = "account.twoFactor.enabledNow" | "account.twoFactor.disabledNow";

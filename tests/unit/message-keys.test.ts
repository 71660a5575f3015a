import { describe, expect, expectTypeOf, it } from "vitest";
import type { RideTypeName } from "~/domain/ride-types";
import type { FieldMessage } from "~/domain/form-values";
import type { MessageKey } from "~/i18n/translate";

// Type-level checks: `npx tsc` fails if a `@ts-expect-error` line below stops being an error.
describe("message keys are typed end to end", () => {
  it("accepts the catalogue's keys and refuses a mistyped one", () => {
    const known: MessageKey = "auth.errors.emailInvalid";
    // @ts-expect-error — one letter off: not a key of app/i18n/locales/fr.ts
    const mistyped: MessageKey = "auth.errors.emailInvalide";
    // @ts-expect-error — a domain rule's message carries a catalogue key too
    const refusal: FieldMessage = { key: "contribute.errors.noSuchRule" };
    expect([known, mistyped, refusal.key]).toHaveLength(3);
  });

  it("types keys built from a closed list", () => {
    expectTypeOf<`attractionTypes.${RideTypeName}`>().toExtend<MessageKey>();
    expectTypeOf<`attractionTypes.${string}`>().not.toExtend<MessageKey>();
  });
});

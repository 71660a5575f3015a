import { captchaKeys, issueCaptchaChallenge } from "~/server/captcha/captcha";
import type { Route } from "./+types/api.captcha";

/** A fresh signed ALTCHA challenge for the sign-up form's widget. */
export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await issueCaptchaChallenge(captchaKeys(context.authSecret));
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}

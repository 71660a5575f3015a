import { z } from "zod";

/** The one e-mail check of the product ("must look like {email}"), shared by every form. */
export const emailShape = z.email();

export function isValidEmail(value: string): boolean {
  return emailShape.safeParse(value.trim()).success;
}

import * as z from "zod/mini";

/**
 * The one e-mail check of the product ("must look like {email}"), shared by
 * every form. zod/mini keeps the browser bundle small.
 */
export const emailShape = z.email();

export function isValidEmail(value: string): boolean {
  return emailShape.safeParse(value.trim()).success;
}

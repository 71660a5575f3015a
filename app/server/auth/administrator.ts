import type { Config } from "../config";

/**
 * Whether an address is ADMIN_EMAIL, compared case-insensitively. The address is reserved whoever
 * holds it (decision 0010): nobody moves to it, its account is neither moved off it, suspended nor
 * deleted — even before it is confirmed, when it does not yet carry the role.
 */
export function isAdministratorAddress(config: Pick<Config, "adminEmail">, email: string): boolean {
  return email.trim().toLowerCase() === config.adminEmail.toLowerCase();
}

/**
 * The administrator role, decided here only: the account whose address is ADMIN_EMAIL, once that
 * address is confirmed (decision 0038). Until then whoever signed up with it first — a stranger on
 * a fresh site, or after the operator changed ADMIN_EMAIL — is a member, told on /admin why.
 */
type AdministratorStanding = "administrator" | "unconfirmed" | "member";

export function administratorStanding(config: Pick<Config, "adminEmail">, user: { email: string; emailVerified: boolean }): AdministratorStanding {
  if (!isAdministratorAddress(config, user.email)) return "member";
  return user.emailVerified ? "administrator" : "unconfirmed";
}

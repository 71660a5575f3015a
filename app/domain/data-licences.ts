/**
 * The licences under which the catalogue's data may be reused (docs/decisions/0047-open-data-licences.md):
 * the terms and the API documentation link their texts.
 */
export const ODBL_URL = "https://opendatacommons.org/licenses/odbl/1-0/";
export const CC_BY_SA_URL = "https://creativecommons.org/licenses/by-sa/4.0/";

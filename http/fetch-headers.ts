import type http from "node:http";

/** A Node request's headers as the Fetch API's, for better-auth and React Router; `leaveOut` names one to drop (a visitor's render takes no cookie). */
export function fetchHeaders(incoming: http.IncomingHttpHeaders, leaveOut?: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (name === leaveOut) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

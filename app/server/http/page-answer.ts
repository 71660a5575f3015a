import type { data } from "react-router";

/**
 * An action's answer as React Router sends it: the value itself, or the value
 * with a status (`data(value, status)`). Declaring an action's return type as
 * `Promise<PageAnswer<T>>` makes every answer it gives checked against `T`
 * (app/domain/page-answers.ts), the type its page's forms read.
 */
export type PageAnswer<T> = T | ReturnType<typeof data<T>>;

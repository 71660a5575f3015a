import type { Sql } from "postgres";

/**
 * The most parameters a statement may have and still be kept prepared on its connection. A statement with more is a
 * bulk write whose text changes with its number of rows: kept, each count would stay in the server's memory.
 */
export const MOST_PARAMETERS_KEPT = 100;

/**
 * The PostgreSQL client with every statement of the query builder prepared once per connection (decision 0070).
 * drizzle asks postgres.js to prepare only the queries it is given a name for (`.prepare(name)`), and the site names
 * none: each statement was parsed and planned again at every run, which cost the server several times its execution
 * (0.5–4 ms against 0.05–0.3 ms for a member's park page's). postgres.js keeps a connection's prepared statements by
 * their text, prepares one again when the schema changed under it, and forgets them with the connection.
 */
export function preparingStatements<Client extends Sql>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, parameters as never, {
            ...options,
            prepare: (parameters?.length ?? 0) <= MOST_PARAMETERS_KEPT,
          });
      }
      // A transaction's (and a savepoint's) statements run on a client of their own, given to the callback.
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (transaction: Sql) => unknown;
          const open = Reflect.get(target, property, receiver) as (...rest: unknown[]) => unknown;
          return open.call(target, ...args, (transaction: Sql) => callback(preparingStatements(transaction)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

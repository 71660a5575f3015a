import { protocol, type PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { MOST_PARAMETERS_KEPT } from "./prepared-statements";

type QueryOptions = Parameters<PGlite["query"]>[2];
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];
type RowDescription = { fields: { name: string; dataTypeID: number }[] };
type DataRow = { fields: (string | null)[] };
type CommandComplete = { text: string };
type ParameterDescription = { dataTypeIDs: number[] };
type Prepared = { name: string; parameterTypes: number[] };
/** How a statement waits its turn on the embedded database's one session (see preparedQuery). */
type Exclusive = <T>(run: () => Promise<T>) => Promise<T>;
/** The members of PGlite this file uses beyond its documented ones: its two locks and its value converters. */
type PGliteInternals = {
  _checkReady: () => Promise<void>;
  _runExclusiveQuery: Exclusive;
  _runExclusiveTransaction: Exclusive;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  serializers: Record<number, (value: unknown) => string>;
};

/**
 * At most this many statements are kept: their texts come from the code (the parameters are apart) and are a few
 * hundred, so a count past it means texts built from data, which would fill the session's memory.
 */
const MOST_STATEMENTS_KEPT = 2_000;

/**
 * PostgreSQL's errors that say a kept statement no longer fits: it was deallocated ('26000'), or the schema changed
 * its result's columns ('0A000', "cached plan must not change result type"). It is forgotten, and prepared again at
 * its next run; outside a transaction the query runs at once through PGlite's `query`. Inside one the error has
 * aborted the transaction, which fails with it (the site changes no schema while it runs: migrations come first).
 */
const STALE_STATEMENT_CODES = new Set(["26000", "0A000"]);

/** The statements kept: queries and writes. A migration's DDL, or a transaction's BEGIN, runs once. */
const KEPT_KINDS = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The embedded database with every statement of the query builder prepared once (decision 0073), as the PostgreSQL
 * client's are per connection (decision 0070). PGlite's `query` parses, plans and describes its statement at every
 * run, through five calls into its WebAssembly engine; planning reads each table's size from its files, each read a
 * `fstat` of the file system. A member's own profile spent 6.2 ms per request in the engine for its three
 * statements. Here the first run of a text parses it under a name and reads its parameters' types; the next ones
 * bind and execute it, in one call. The answers are converted as PGlite's `query` converts them (its parsers and
 * serializers, drizzle's options), its errors are its errors, and its locks are taken as it takes them: outside a
 * transaction, the transaction lock then the query lock; inside one, the query lock only.
 */
export function preparingPgliteStatements(pg: PGlite): PGlite {
  const internals = pg as unknown as PGliteInternals;
  const statements = new Map<string, Prepared>();
  let count = 0;

  async function preparedQuery<T>(text: string, parameters: unknown[], options: QueryOptions, exclusive: Exclusive): Promise<Results<T>> {
    return exclusive(async () => {
      let prepared = statements.get(text);
      if (!prepared) {
        const name = `parcours_${++count}`;
        const described = await pg.execProtocolStream(
          joined([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.describe({ type: "S", name }), protocol.serialize.sync()]),
          { syncToFs: false },
        );
        prepared = { name, parameterTypes: parameterTypesOf(described) };
        statements.set(text, prepared);
      }
      const values = parameters.map((value, index) => serialized(value, prepared.parameterTypes[index], options));
      const messages = await pg.execProtocolStream(
        joined([
          protocol.serialize.bind({ statement: prepared.name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return resultOf<T>(messages, options);
    });
  }

  function serialized(value: unknown, typeId: number | undefined, options: QueryOptions): string | null {
    if (value === null || value === undefined) return null;
    const serialize = typeId === undefined ? undefined : (options?.serializers?.[typeId] ?? internals.serializers[typeId]);
    return serialize ? serialize(value) : String(value);
  }

  function resultOf<T>(messages: BackendMessage[], options: QueryOptions): Results<T> {
    // A query's own parsers over PGlite's, looked up per value (PGlite's query copies both into one object each time).
    const own = options?.parsers as PGliteInternals["parsers"] | undefined;
    const parse = (value: string | null, typeId: number) => {
      if (value === null) return null;
      const parser = own?.[typeId] ?? internals.parsers[typeId];
      return parser ? parser(value, typeId) : value;
    };
    let fields: { name: string; dataTypeID: number }[] = [];
    const rows: unknown[] = [];
    let affectedRows = 0;
    // By their names, as PGlite's own parseResults reads them.
    for (const message of messages) {
      if (message.name === "rowDescription") {
        fields = (message as unknown as RowDescription).fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
      } else if (message.name === "dataRow") {
        const values = (message as unknown as DataRow).fields.map((value, index) => parse(value, fields[index]!.dataTypeID));
        rows.push(options?.rowMode === "array" ? values : Object.fromEntries(fields.map((field, index) => [field.name, values[index]])));
      } else if (message.name === "commandComplete") {
        const words = (message as unknown as CommandComplete).text.split(" ");
        if (["INSERT", "UPDATE", "DELETE", "MERGE", "COPY"].includes(words[0]!)) affectedRows = Number(words.at(-1));
      }
    }
    return { rows: rows as T[], fields, affectedRows };
  }

  /** PGlite's own `query` where this one does not keep the statement, or where the kept one no longer fits. */
  function query(run: QueryRunner, exclusive: Exclusive, inTransactionBlock: boolean): QueryRunner {
    return async <T>(text: string, parameters: unknown[] = [], options?: QueryOptions) => {
      const keep =
        KEPT_KINDS.test(text) &&
        parameters.length <= MOST_PARAMETERS_KEPT &&
        !options?.blob &&
        !options?.paramTypes?.length &&
        (statements.has(text) || statements.size < MOST_STATEMENTS_KEPT);
      if (!keep) return run<T>(text, parameters, options);
      try {
        return await preparedQuery<T>(text, parameters, options, exclusive);
      } catch (error) {
        if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? "")) throw error;
        statements.delete(text);
        if (inTransactionBlock) throw error;
        return run<T>(text, parameters, options);
      }
    };
  }

  const topLevel = query(
    (text, parameters, options) => pg.query(text, parameters, options),
    async (run) => {
      // As PGlite's query: a closed database says so.
      await internals._checkReady();
      const result = await internals._runExclusiveTransaction(() => internals._runExclusiveQuery(run));
      // As PGlite does after a statement outside a transaction: its file system has the statement's writes.
      await pg.syncToFs();
      return result;
    },
    false,
  );
  const inTransaction = (transaction: Transaction): Transaction => {
    const transactionQuery = query((text, parameters, options) => transaction.query(text, parameters, options), internals._runExclusiveQuery.bind(pg), true);
    return new Proxy(transaction, {
      get(target, property) {
        return property === "query" ? transactionQuery : Reflect.get(target, property, target);
      },
    });
  };

  return new Proxy(pg, {
    get(target, property) {
      if (property === "query") return topLevel;
      if (property === "transaction") {
        return <T>(callback: (transaction: Transaction) => Promise<T>) => target.transaction((transaction) => callback(inTransaction(transaction)));
      }
      // PGlite's methods read its private fields: they run on PGlite itself, not on this proxy.
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

type QueryRunner = <T>(text: string, parameters?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

function parameterTypesOf(messages: BackendMessage[]): number[] {
  const description = messages.find((message) => message.name === "parameterDescription") as ParameterDescription | undefined;
  return description?.dataTypeIDs ?? [];
}

/** Several protocol messages in one buffer: PGlite's engine reads them one after the other in one call. */
function joined(parts: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}

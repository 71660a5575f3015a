import type { Database, Transaction } from "./database";

class Refusal<R> extends Error {
  constructor(readonly outcome: R) {
    super("Write refused");
  }
}

/**
 * A transaction that may end in a refusal (a limit reached, a duplicate found
 * after a write): `refuse(outcome)` rolls back everything the transaction
 * wrote and makes the call return `outcome`; errors are thrown as usual.
 */
export async function transactionOrRefusal<T, R>(
  db: Database,
  work: (tx: Transaction, refuse: (outcome: R) => never) => Promise<T>,
): Promise<T | R> {
  try {
    return await db.transaction((tx) =>
      work(tx, (outcome) => {
        throw new Refusal(outcome);
      }),
    );
  } catch (error) {
    if (error instanceof Refusal) return error.outcome as R;
    throw error;
  }
}

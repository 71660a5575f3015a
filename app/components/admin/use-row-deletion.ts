import { useState } from "react";
import { useFetcher } from "react-router";
import type { AdminAnswer } from "~/domain/admin-answers";

/**
 * A list's deletion of one row at a time, confirmed in a ConfirmDialog: the row being asked about,
 * the answer of the last deletion (a refusal shows above the list), and the dialog's wiring, which
 * posts the `delete` intent with the row's fields to the list's own action. Answered (and the list
 * reloaded), the dialog closes.
 */
export function useRowDeletion<Row>(fieldsOf: (row: Row) => Record<string, string>) {
  const deletion = useFetcher<AdminAnswer>();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const busy = deletion.state !== "idle";
  return {
    deleting,
    ask: setDeleting,
    answer: busy ? undefined : deletion.data,
    dialog: {
      open: deleting !== null,
      busy,
      onCancel: () => setDeleting(null),
      onConfirm: async () => {
        if (!deleting) return;
        await deletion.submit({ intent: "delete", ...fieldsOf(deleting) }, { method: "post" });
        setDeleting(null);
      },
    },
  };
}

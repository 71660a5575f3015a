import type { ModerationLogEntry } from "~/domain/admin-dashboard";
import { AdminTable } from "../admin-table";
import { ModerationLogRow, useLogColumns } from "./moderation-log-entry";

/** Moderation log entries in the back office's table: the log screen's page of them, the dashboard's latest. */
export function ModerationLogTable({ caption, entries, now }: { caption: string; entries: readonly ModerationLogEntry[]; now: string }) {
  const columns = useLogColumns();
  return (
    <AdminTable caption={caption} columns={columns}>
      {entries.map((entry) => (
        <ModerationLogRow key={entry.id} entry={entry} now={now} />
      ))}
    </AdminTable>
  );
}

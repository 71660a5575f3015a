/** A message about the whole form (server refusal, success), announced when it appears. */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg p-3 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-teal-50 text-teal-900"}`}
    >
      {children}
    </p>
  );
}

import { Spinner } from "@/components/ui/spinner";

/** While the page's data loads: the same frame, so nothing jumps when it arrives. */
export default function Loading() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12" aria-busy="true">
      <h1 className="mb-6 text-3xl font-bold text-ink">Manage subscription</h1>
      <div className="flex min-h-40 items-center justify-center rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
        <Spinner label="Loading your subscription" className="h-8 w-8" />
      </div>
    </div>
  );
}

import { Spinner } from "@/components/ui/spinner";

/** While the plans load: the page's frame and a spinner. */
export default function Loading() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12" aria-busy="true">
      <h1 className="mb-8 text-center text-3xl font-bold text-ink">Choose your plan</h1>
      <div className="flex min-h-96 items-center justify-center">
        <Spinner label="Loading the plans" className="h-8 w-8" />
      </div>
    </div>
  );
}

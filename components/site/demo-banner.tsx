/** On every page while the sandbox billing engine runs: nobody should think a test card paid for anything. */
export function DemoBanner() {
  return (
    <aside aria-label="Demo" className="bg-ink px-4 py-2 text-center text-sm text-white">
      <strong>Demo: no real payments.</strong> Plans here are bought with test cards and nothing is charged.
    </aside>
  );
}

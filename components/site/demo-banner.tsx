/** On every page while the sandbox billing engine runs: nobody should think a test card paid for anything. */
export function DemoBanner() {
  return (
    <aside aria-label="Demo" className="demo-banner">
      <strong>Demo: no real payments.</strong> Plans here are bought with test cards and nothing is charged.
    </aside>
  );
}

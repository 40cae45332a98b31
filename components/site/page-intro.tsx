import type { ReactNode } from "react";

/** The heading block every information page starts with. */
export function PageIntro({ heading, intro, children }: { heading: string; intro: string; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 py-14 lg:py-20">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{heading}</h1>
        <p className="mt-5 text-lg leading-8 text-muted">{intro}</p>
        {children}
      </div>
    </section>
  );
}

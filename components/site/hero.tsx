import type { ReactNode } from "react";
import type { ContentImage as ContentImageValue } from "@/lib/content/types";
import { ContentImage } from "./content-image";

/**
 * The opening section of the home and landing pages: the heading, its introduction and the calls to
 * action beside an illustration. Styled through `.hero` (app/globals.css), so its class lists are not
 * sent with every view.
 */
export function Hero({
  eyebrow,
  heading,
  intro,
  actions,
  image,
}: {
  eyebrow?: string;
  heading: string;
  intro: string;
  actions: ReactNode;
  image: ContentImageValue;
}) {
  return (
    <section className="hero">
      <div>
        <div>
          {eyebrow ? <p className="hero-eyebrow">{eyebrow}</p> : null}
          <h1>{heading}</h1>
          <p>{intro}</p>
          <div className="hero-actions">{actions}</div>
        </div>
        {/* Decorative: shown beside the text on wide screens; on phones the words come first and no
            image competes with them for the first paint (LCP). */}
        <ContentImage image={image} width={1200} sizes="560px" />
      </div>
    </section>
  );
}

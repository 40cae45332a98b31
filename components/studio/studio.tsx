"use client";

import { useMemo } from "react";
import { NextStudio } from "next-sanity/studio";
import { studioConfig } from "@/sanity.config";

/** The embedded Studio, over the site's own header and footer (globals.css hides them here). */
export function Studio({ projectId, dataset }: { projectId: string; dataset: string }) {
  const config = useMemo(() => studioConfig({ projectId, dataset }), [projectId, dataset]);
  return (
    <div data-studio className="fixed inset-0 z-50 bg-white">
      <NextStudio config={config} />
    </div>
  );
}

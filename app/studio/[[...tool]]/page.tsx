import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import { Studio } from "@/components/studio/studio";

// Editors only: never indexed (robots.ts also disallows it, the sitemap leaves it out).
export const metadata: Metadata = { title: "Studio", robots: { index: false, follow: false }, referrer: "same-origin" };

// The project comes from the server's configuration at run time, not from the build.
export const dynamic = "force-dynamic";

export default function StudioPage() {
  const { content } = getConfig();
  if (content.kind === "sanity") {
    return <Studio projectId={content.projectId} dataset={content.dataset} />;
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-16" aria-labelledby="studio-heading">
      <h1 id="studio-heading" className="text-3xl font-bold tracking-tight text-ink">
        Connect a Sanity project to edit content
      </h1>
      <p className="mt-4 text-muted">
        The site is showing the bundled content in <code>sanity/dataset</code>. To edit it here, in Sanity Studio:
      </p>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-ink">
        <li>
          Create a project at sanity.io/manage (or with <code>npx sanity init</code>) and note its project id.
        </li>
        <li>
          Seed it with the bundled content: <code>npx sanity dataset import sanity/dataset/data.ndjson production</code>
          .
        </li>
        <li>
          Under API, add this site&apos;s address as a CORS origin with credentials allowed, and a webhook to{" "}
          <code>/api/revalidate</code> (see <code>.env.example</code>).
        </li>
        <li>
          Set <code>SANITY_PROJECT_ID</code>, <code>SANITY_DATASET</code> and <code>SANITY_REVALIDATE_SECRET</code>,
          then restart the app.
        </li>
      </ol>
    </section>
  );
}

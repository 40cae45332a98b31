import { revalidateTag } from "next/cache";
import { getConfig } from "@/lib/config";
import { handleRevalidateRequest } from "@/lib/content/revalidate-webhook";

/** Sanity's webhook: expires the cache tags a published change affects (signed, else 401). */
export async function POST(request: Request): Promise<Response> {
  return handleRevalidateRequest(request, {
    secret: getConfig().revalidateSecret,
    // expire: 0 refreshes at once (the next request renders anew), not stale-while-revalidate.
    expireTag: (tag) => revalidateTag(tag, { expire: 0 }),
  });
}

import { revalidatePath } from "next/cache";
import { getConfig } from "@/lib/config";
import { handleRevalidateRequest } from "@/lib/content/revalidate-webhook";

/** Sanity's webhook: revalidates the pages a published change affects (signed, else 401). */
export async function POST(request: Request): Promise<Response> {
  return handleRevalidateRequest(request, {
    secret: getConfig().revalidateSecret,
    revalidate: (path, type) => revalidatePath(path, type),
  });
}

import { listBundledImages, readBundledImage } from "@/lib/content/bundled-images";

// Prerendered at build time, one response per file: the images never change under a name (the
// name holds the asset's content hash), so they are cached for a year.
export const dynamic = "force-static";
export const dynamicParams = false;

export async function generateStaticParams(): Promise<{ file: string }[]> {
  return (await listBundledImages()).map((file) => ({ file }));
}

export async function GET(_request: Request, context: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await context.params;
  const image = await readBundledImage(file);
  if (!image) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(image.body as BodyInit, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

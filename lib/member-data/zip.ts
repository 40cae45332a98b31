import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

type ZipFile = { path: string; bytes: Uint8Array };

/**
 * The data download as a ZIP, streamed: `happr-data.json` (deflated) first, then each file stored as
 * it is (photos are WebP, already compressed), read one at a time from the generators, so a member
 * with many photos never has them all in memory. fflate: small, no dependencies, no install script.
 */
export function zipDownload(json: string, files: AsyncGenerator<ZipFile>[]): ReadableStream<Uint8Array> {
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const index = new ZipDeflate("happr-data.json", { level: 6 });
      zip.add(index);
      index.push(new TextEncoder().encode(json), true);
      try {
        for (const generator of files)
          for await (const file of generator) {
            const entry = new ZipPassThrough(file.path);
            zip.add(entry);
            entry.push(file.bytes, true);
          }
        zip.end();
      } catch (error) {
        zip.terminate();
        controller.error(error);
      }
    },
    cancel() {
      zip?.terminate();
    },
  });
}

import { parentPort } from "node:worker_threads";
import { isCalendarError } from "../errors";
import { parseICalendar, type ImportOptions } from "./import";
import { zonesWithOffsets } from "./timezones";

/**
 * The worker thread that reads uploaded calendar files (parse-off-thread.ts starts it): one file at
 * a time, the answer or the CalendarError sent back as plain data.
 */
export type ParseRequest = { id: number; input: Uint8Array; options: ImportOptions };
export type ParseAnswer =
  | { id: number; report: ReturnType<typeof parseICalendar> }
  | { id: number; error: { code: string; field: string; message: string; namesField: boolean } };

if (parentPort) {
  const port = parentPort;
  port.on("message", ({ id, input, options }: ParseRequest) => {
    try {
      port.postMessage({ id, report: parseICalendar(input, options) } satisfies ParseAnswer);
    } catch (error) {
      if (!isCalendarError(error)) throw error;
      port.postMessage({
        id,
        error: { code: error.code, field: error.field, message: error.message, namesField: error.namesField },
      } satisfies ParseAnswer);
    }
  });
  // The zones indexed by this year's offsets, before the first file's time starts: most files are
  // about now, and a cold index costs about a second (timezones.ts).
  zonesWithOffsets(new Date().getUTCFullYear());
  port.postMessage("ready");
}

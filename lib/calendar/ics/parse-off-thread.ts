import { Worker } from "node:worker_threads";
import { askWorkerThread, startWorkerThread, WorkerTimeoutError, type WorkerThread } from "../../worker-thread";
import { CalendarError, invalidField } from "../errors";
import type { ImportOptions, ImportReport } from "./import";
import type { ParseAnswer, ParseRequest } from "./parse-worker";

/**
 * Uploaded calendar files are read on a worker thread (parse-worker.ts), never on the event loop that
 * answers requests: however a file is crafted, the server keeps answering. The reader gives up past
 * `budgetMs` on its own (import.ts, a refusal naming the file); the thread is stopped past `hardMs`
 * or past `memoryMb` whatever it is doing, and a new one started for the next file.
 *
 * One thread per instance, one file at a time (the machine's other core answers requests); files
 * wait their turn, and past `queue` waiting the import is refused (429, "try again in a minute") rather than queued for
 * minutes. The thread is kept between files: starting one costs more than most files.
 */
export const PARSE_LIMITS = { budgetMs: 1000, hardMs: 1500, memoryMb: 128, startMs: 30_000, queue: 8 };
export type ParseLimits = typeof PARSE_LIMITS;

let thread: WorkerThread | null = null;
let turn: Promise<unknown> = Promise.resolve();
let waiting = 0;
let nextId = 0;

const refuse = (problem: string) => invalidField("file", problem);
const named = (options: ImportOptions) => (options.fileName ? `"${options.fileName.slice(0, 100)}"` : "the file");

function startThread(limits: ParseLimits): WorkerThread {
  const resourceLimits = { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 };
  const started = startWorkerThread({
    bundled: () => new Worker(new URL("./parse-worker.ts", import.meta.url), { resourceLimits }),
    callerUrl: import.meta.url,
    callerFile: "parse-off-thread.ts",
    workerFile: "parse-worker.ts",
    name: "the calendar reader",
    startMs: limits.startMs,
    resourceLimits,
  });
  started.worker.once("exit", () => {
    if (thread === started) thread = null;
  });
  return started;
}

function stop(stopped: WorkerThread) {
  if (thread === stopped) thread = null;
  void stopped.worker.terminate();
}

async function readOne(input: Uint8Array, options: ImportOptions, limits: ParseLimits): Promise<ImportReport> {
  const current = (thread ??= startThread(limits));
  try {
    await current.ready;
  } catch (error) {
    stop(current);
    throw error;
  }
  let answer: ParseAnswer;
  try {
    answer = await askWorkerThread<ParseRequest, ParseAnswer>(
      current,
      { id: ++nextId, input, options: { ...options, budgetMs: limits.budgetMs } },
      { timeoutMs: limits.hardMs, stop: () => stop(current) },
    );
  } catch (error) {
    if (error instanceof WorkerTimeoutError)
      throw refuse(`${named(options)} takes too long to read (over ${limits.hardMs / 1000} s), so it was not imported`);
    if ((error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY")
      throw refuse(`${named(options)} needs too much memory to read, so it was not imported`);
    throw error;
  }
  if ("error" in answer) {
    const { code, field, message, namesField } = answer.error;
    throw new CalendarError(code as CalendarError["code"], field, message, { namesField });
  }
  return answer.report;
}

/**
 * parseICalendar (import.ts) on the worker thread, within `limits`: the report, or a CalendarError on
 * "file" that names the file when it asked for too much time or memory.
 */
export async function parseICalendarOffThread(
  input: Uint8Array,
  options: ImportOptions,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ImportReport> {
  if (waiting >= limits.queue)
    throw new CalendarError("too_many", "file", "other calendar files are being read. Please try again in a minute.", {
      namesField: true,
    });
  waiting++;
  const mine = turn.then(() => readOne(input, options, limits));
  turn = mine.catch(() => undefined);
  try {
    return await mine;
  } finally {
    waiting--;
  }
}

import { Worker } from "node:worker_threads";
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

type Thread = { worker: Worker; ready: Promise<void> };

let thread: Thread | null = null;
let turn: Promise<unknown> = Promise.resolve();
let waiting = 0;
let nextId = 0;

const refuse = (problem: string) => invalidField("file", problem);
const named = (options: ImportOptions) => (options.fileName ? `"${options.fileName.slice(0, 100)}"` : "the file");

/** The worker's module beside this one, for running from the TypeScript source (tests, bench). */
const SOURCE_SUFFIX = "parse-off-thread.ts";

function startThread(limits: ParseLimits): Thread {
  const resourceLimits = { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 };
  // `next build` bundles the worker with its imports into plain JavaScript (the literal
  // `new Worker(new URL(...))` is what it looks for). Run from the TypeScript source (vitest, tsx),
  // the worker registers tsx before it imports its module.
  // Next's server sets NEXT_RUNTIME (and its bundles keep the source's file name in import.meta.url).
  const fromSource = !process.env.NEXT_RUNTIME && import.meta.url.endsWith(SOURCE_SUFFIX);
  const worker = fromSource
    ? new Worker(
        `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(
          import.meta.url.slice(0, -SOURCE_SUFFIX.length) + "parse-worker.ts",
        )}); });`,
        { eval: true, resourceLimits },
      )
    : new Worker(new URL("./parse-worker.ts", import.meta.url), { resourceLimits });
  // An idle reader does not keep the process alive.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the calendar reader did not start")), limits.startMs);
    worker.once("message", (message) => {
      clearTimeout(timer);
      if (message === "ready") resolve();
      else reject(new Error("the calendar reader sent something before it was ready"));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  const started = { worker, ready };
  worker.once("exit", () => {
    if (thread === started) thread = null;
  });
  return started;
}

function stop(stopped: Thread) {
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
  const { worker } = current;
  const id = ++nextId;
  return new Promise<ImportReport>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const timer = setTimeout(() => {
      finish();
      stop(current);
      reject(
        refuse(`${named(options)} takes too long to read (over ${limits.hardMs / 1000} s), so it was not imported`),
      );
    }, limits.hardMs);
    const onMessage = (answer: ParseAnswer) => {
      if (answer.id !== id) return;
      finish();
      if ("error" in answer) {
        const { code, field, message, namesField } = answer.error;
        reject(new CalendarError(code as CalendarError["code"], field, message, { namesField }));
      } else resolve(answer.report);
    };
    const onError = (error: Error & { code?: string }) => {
      finish();
      stop(current);
      reject(
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? refuse(`${named(options)} needs too much memory to read, so it was not imported`)
          : error,
      );
    };
    const onExit = () => {
      finish();
      reject(new Error("the calendar reader stopped"));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, input, options: { ...options, budgetMs: limits.budgetMs } } satisfies ParseRequest);
  });
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

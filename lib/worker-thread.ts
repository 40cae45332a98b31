import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Work that must not hold the event loop runs on a worker thread (the calendar's file reader, the
 * Lounge's photo classifier): this is how such a thread is started and asked one thing at a time.
 * The worker module posts "ready" once set up, then answers each `{ id, ... }` message with
 * `{ id, ... }`.
 */
export type WorkerThread = { worker: Worker; ready: Promise<void> };

/** A thread that did not answer within its time: the caller says what that means to the member. */
export class WorkerTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`the worker thread took over ${limitMs / 1000} s`);
    this.name = "WorkerTimeoutError";
  }
}

/**
 * Starts `bundled()`, the caller's literal `new Worker(new URL("./x-worker.ts", import.meta.url), …)`
 * (what `next build` looks for: it bundles the worker module and its imports into JavaScript, leaving
 * `serverExternalPackages` to Node). Run from the TypeScript source (vitest, tsx), where there is no
 * bundle, the worker registers tsx and imports `workerFile` beside the caller's file instead. Next's
 * server sets NEXT_RUNTIME (and its bundles keep the source's file name in import.meta.url).
 */
export function startWorkerThread(options: {
  bundled: () => Worker;
  /** The caller's import.meta.url and its file name ("parse-off-thread.ts"). */
  callerUrl: string;
  callerFile: string;
  /** The worker module's file name beside the caller ("parse-worker.ts"). */
  workerFile: string;
  /** What the thread is, for its errors ("the calendar reader"). */
  name: string;
  startMs: number;
  resourceLimits?: WorkerOptions["resourceLimits"];
}): WorkerThread {
  const { callerUrl, callerFile, workerFile, name, startMs, resourceLimits } = options;
  const fromSource = !process.env.NEXT_RUNTIME && callerUrl.endsWith(callerFile);
  const worker = fromSource
    ? new Worker(
        `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(
          callerUrl.slice(0, -callerFile.length) + workerFile,
        )}); });`,
        { eval: true, resourceLimits },
      )
    : options.bundled();
  // An idle thread does not keep the process alive.
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start`)), startMs);
    worker.once("message", (message) => {
      clearTimeout(timer);
      if (message === "ready") resolve();
      else reject(new Error(`${name} sent something before it was ready`));
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return { worker, ready };
}

/**
 * Sends `message` (with `id`) and waits for the answer with that id. Rejects with WorkerTimeoutError
 * past `timeoutMs`, with the thread's own error when it fails (out of memory: `code`
 * ERR_WORKER_OUT_OF_MEMORY), or when it stops; `stop` is called first on a timeout or a failure, so
 * the next request starts a new thread.
 */
export function askWorkerThread<Request extends { id: number }, Answer extends { id: number }>(
  thread: WorkerThread,
  message: Request,
  options: { timeoutMs: number; stop: () => void; transfer?: ArrayBuffer[] },
): Promise<Answer> {
  const { worker } = thread;
  return new Promise<Answer>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const timer = setTimeout(() => {
      finish();
      options.stop();
      reject(new WorkerTimeoutError(options.timeoutMs));
    }, options.timeoutMs);
    const onMessage = (answer: Answer) => {
      if (answer.id !== message.id) return;
      finish();
      resolve(answer);
    };
    const onError = (error: Error) => {
      finish();
      options.stop();
      reject(error);
    };
    const onExit = () => {
      finish();
      reject(new Error("the worker thread stopped"));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(message, options.transfer);
  });
}

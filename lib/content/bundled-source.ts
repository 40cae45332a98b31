/**
 * The bundled adapter of the content port: the GROQ queries evaluated by groq-js over
 * sanity/dataset/data.ndjson (Sanity's export format), parsed once per process.
 */
import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { evaluate, parse } from "groq-js";
import { overlayDrafts } from "./drafts";
import type { ContentSource, FetchOptions, QueryParams } from "./port";

/** Keeps an answer in a cache under tags (the app passes Next's data cache; tests pass none). */
export type CacheByTag = <T>(run: () => Promise<T>, key: string[], tags: string[]) => Promise<T>;

export type SanityDocument = { _id: string; _type: string; [field: string]: unknown };

export function bundledDatasetPath(): string {
  return path.join(process.cwd(), "sanity", "dataset", "data.ndjson");
}

/** Parses NDJSON, one document a line; a bad line fails with its line number. */
export function parseNdjson(text: string, file = "data.ndjson"): SanityDocument[] {
  const documents: SanityDocument[] = [];
  const ids = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${file}:${index + 1}: not valid JSON (${(error as Error).message})`);
    }
    const doc = value as Partial<SanityDocument> | null;
    if (!doc || typeof doc !== "object" || typeof doc._id !== "string" || typeof doc._type !== "string") {
      throw new Error(`${file}:${index + 1}: a document needs a string _id and _type`);
    }
    if (ids.has(doc._id)) throw new Error(`${file}:${index + 1}: duplicate _id "${doc._id}"`);
    ids.add(doc._id);
    documents.push(doc as SanityDocument);
  });
  return documents;
}

const datasets = new Map<string, Promise<SanityDocument[]>>();

/** The documents of an NDJSON file, read once per process and path. */
export function loadDataset(file: string = bundledDatasetPath()): Promise<SanityDocument[]> {
  let dataset = datasets.get(file);
  if (!dataset) {
    dataset = readFile(/*turbopackIgnore: true*/ file, "utf8").then(
      (text) => parseNdjson(text, file),
      (error: NodeJS.ErrnoException) => {
        throw new Error(
          error.code === "ENOENT"
            ? `The bundled content dataset ${file} is missing (set SANITY_PROJECT_ID and SANITY_DATASET to read from Sanity instead)`
            : `Could not read the bundled content dataset ${file}: ${error.message}`,
        );
      },
    );
    // A failed read is not cached, so a later request can succeed once the file is there.
    dataset.catch(() => datasets.delete(file));
    datasets.set(file, dataset);
  }
  return dataset;
}

const draftViews = new WeakMap<SanityDocument[], SanityDocument[]>();

/** The dataset as draft mode sees it (./drafts.ts), built once per loaded dataset. */
function withDrafts(documents: SanityDocument[]): SanityDocument[] {
  let view = draftViews.get(documents);
  if (!view) draftViews.set(documents, (view = overlayDrafts(documents)));
  return view;
}

export function createBundledSource(
  file: string = bundledDatasetPath(),
  options: { cacheByTag?: CacheByTag } = {},
): ContentSource {
  async function run<T>(query: string, params: QueryParams, draft = false): Promise<T> {
    const documents = await loadDataset(file);
    const dataset = draft ? withDrafts(documents) : documents;
    const tree = parse(query, { params });
    const result = await evaluate(tree, { dataset, params });
    return (await result.get()) as T;
  }
  return {
    kind: "bundled",
    fetch<T>(query: string, params: QueryParams = {}, { tags = [], draft = false }: FetchOptions = {}) {
      // A draft answer never goes through the cache: public pages read from it.
      if (draft) return run<T>(query, params, true);
      const { cacheByTag } = options;
      return cacheByTag
        ? cacheByTag(() => run<T>(query, params), [file, query, JSON.stringify(params)], tags)
        : run<T>(query, params);
    },
  };
}

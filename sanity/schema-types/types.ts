/**
 * A tiny, local description of Sanity Studio's schema format, so the schema types below are typed
 * without installing the whole `sanity` package. The objects are plain data in Studio's shape:
 * a Studio project can import them as-is (`schema: { types: schemaTypes }`).
 */

/** The subset of Studio's validation rule builder these types use. */
export interface Rule {
  required(): Rule;
  min(value: number): Rule;
  max(value: number): Rule;
  integer(): Rule;
  unique(): Rule;
  uri(options?: { scheme?: string[]; allowRelative?: boolean }): Rule;
  regex(pattern: RegExp, name?: string): Rule;
  custom(fn: (value: unknown) => true | string | Promise<true | string>): Rule;
  warning(message?: string): Rule;
}

export type Validation = (rule: Rule) => Rule | Rule[];

export type FieldType =
  | "string"
  | "text"
  | "number"
  | "boolean"
  | "url"
  | "datetime"
  | "slug"
  | "image"
  | "object"
  | "array"
  | "reference"
  | "block"
  | (string & {});

export type ArrayMember = {
  type: FieldType;
  name?: string;
  title?: string;
  to?: { type: string }[];
  fields?: FieldDefinition[];
  styles?: { title: string; value: string }[];
  lists?: { title: string; value: string }[];
  marks?: {
    decorators?: { title: string; value: string }[];
    annotations?: FieldDefinition[];
  };
  preview?: Preview;
};

export type Preview = {
  select: Record<string, string>;
  prepare?: (selection: Record<string, unknown>) => { title?: string; subtitle?: string };
};

export type FieldDefinition = {
  name: string;
  title: string;
  type: FieldType;
  description?: string;
  fields?: FieldDefinition[];
  of?: ArrayMember[];
  to?: { type: string }[];
  rows?: number;
  initialValue?: unknown;
  readOnly?: boolean;
  hidden?: boolean;
  options?: {
    source?: string;
    maxLength?: number;
    hotspot?: boolean;
    list?: { title: string; value: string }[] | string[];
    layout?: "radio" | "dropdown" | "tags";
    dateFormat?: string;
  };
  validation?: Validation;
};

export type DocumentDefinition = {
  name: string;
  title: string;
  type: "document";
  icon?: unknown;
  fields: FieldDefinition[];
  orderings?: { title: string; name: string; by: { field: string; direction: "asc" | "desc" }[] }[];
  preview?: Preview;
};

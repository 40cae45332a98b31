/**
 * iCalendar content lines (RFC 5545 3.1): unfolding with the line each logical line starts on,
 * NAME;PARAM=value:VALUE parsing, TEXT escaping, and folding at 75 octets for writing.
 */

export interface ContentLine {
  /** Upper-cased property name: "DTSTART", "X-WR-CALNAME". */
  name: string;
  /** Upper-cased parameter names; values unquoted, in order. */
  params: Record<string, string[]>;
  value: string;
  /** The file's line (1-based) the property starts on. */
  line: number;
}

export interface PhysicalLine {
  text: string;
  line: number;
}

/** Logical lines: a line starting with a space or a tab continues the previous one (RFC 5545 3.1). */
export function unfold(text: string): PhysicalLine[] {
  const lines = text.split(/\r\n|\n|\r/);
  const logical: PhysicalLine[] = [];
  lines.forEach((raw, index) => {
    const previous = logical[logical.length - 1];
    if ((raw.startsWith(" ") || raw.startsWith("\t")) && previous) previous.text += raw.slice(1);
    else logical.push({ text: raw, line: index + 1 });
  });
  return logical.filter((item) => item.text.trim() !== "");
}

const NAME = /^[A-Za-z0-9-]+$/;

/** One logical line, or null when it is not NAME[;PARAM=...]:VALUE. */
export function parseContentLine({ text, line }: PhysicalLine): ContentLine | null {
  let index = 0;
  const readName = () => {
    const start = index;
    while (index < text.length && /[A-Za-z0-9-]/.test(text[index]!)) index++;
    return text.slice(start, index);
  };
  const name = readName();
  if (!name || !NAME.test(name)) return null;
  const params: Record<string, string[]> = {};
  while (text[index] === ";") {
    index++;
    const paramName = readName().toUpperCase();
    if (!paramName || text[index] !== "=") return null;
    index++;
    const values: string[] = [];
    for (;;) {
      if (text[index] === '"') {
        const end = text.indexOf('"', index + 1);
        if (end < 0) return null;
        values.push(text.slice(index + 1, end));
        index = end + 1;
      } else {
        const start = index;
        while (index < text.length && !";:,".includes(text[index]!)) index++;
        values.push(text.slice(start, index));
      }
      if (text[index] !== ",") break;
      index++;
    }
    params[paramName] = values;
  }
  if (text[index] !== ":") return null;
  return { name: name.toUpperCase(), params, value: text.slice(index + 1), line };
}

/** TEXT values: \n and \N are line breaks, \, \; \\ the characters themselves (RFC 5545 3.3.11). */
export function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\])/g, (_, character: string) =>
    character === "n" || character === "N" ? "\n" : character,
  );
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Splits a TEXT list value on unescaped commas. */
export function splitList(value: string): string[] {
  return value.split(/(?<!\\),/);
}

const encoder = new TextEncoder();

/** A line folded to at most 75 octets per physical line, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).length;
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += character;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A parameter value, quoted when it holds ; : or , (control characters and quotes are refused). */
export function paramValue(value: string): string {
  if (CONTROL.test(value) || value.includes('"'))
    throw new RangeError(`Parameter value not allowed in iCalendar: ${JSON.stringify(value)}`);
  return /[;:,]/.test(value) ? `"${value}"` : value;
}

/** NAME;PARAMS:VALUE, folded. The value must already be in its iCalendar form (escaped TEXT). */
export function contentLine(name: string, value: string, params: Record<string, string> = {}): string {
  if (/[\r\n]/.test(value)) throw new RangeError(`Line breaks must be escaped in ${name}`);
  const paramText = Object.entries(params)
    .map(([key, paramText]) => `;${key}=${paramValue(paramText)}`)
    .join("");
  return foldLine(`${name}${paramText}:${value}`);
}

/**
 * Minimal XML building for the demo ERN writer: text escaping and an indenting element builder.
 * Strings are built directly (no DOM) because the bulk generator writes thousands of messages.
 */

// Characters XML 1.0 forbids outright; real partner data sometimes carries them, so drop them
// rather than produce a document no parser accepts.
/* eslint-disable no-control-regex -- matching control characters is the point here */
const FORBIDDEN_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const NEEDS_TEXT_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/* eslint-enable no-control-regex */

export function escapeText(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  // Fast path: most values need no escaping, and the bulk generator writes millions of them.
  if (!NEEDS_TEXT_ESCAPE.test(value)) return value;
  return value
    .replace(FORBIDDEN_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const NEEDS_ATTRIBUTE_ESCAPE = /["\r\n\t]/;

export function escapeAttribute(value: string | number | boolean): string {
  const text = escapeText(value);
  if (!NEEDS_ATTRIBUTE_ESCAPE.test(text)) return text;
  return text.replace(/"/g, '&quot;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

export type Attributes = Record<string, string | number | boolean | undefined>;

function renderAttributes(attributes: Attributes | undefined): string {
  if (!attributes) return '';
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

/** Appends indented elements to one string; `open`/`close` must be balanced by the caller. */
export class XmlBuilder {
  private parts: string[] = [];
  private depth = 0;
  private readonly openNames: string[] = [];

  constructor(private readonly indentUnit = '  ') {}

  declaration(): this {
    this.parts.push('<?xml version="1.0" encoding="UTF-8"?>\n');
    return this;
  }

  private pad(): string {
    return this.indentUnit.repeat(this.depth);
  }

  open(name: string, attributes?: Attributes): this {
    this.parts.push(`${this.pad()}<${name}${renderAttributes(attributes)}>\n`);
    this.openNames.push(name);
    this.depth++;
    return this;
  }

  close(name?: string): this {
    const expected = this.openNames.pop();
    if (expected === undefined) throw new Error(`XmlBuilder: close(${name ?? ''}) without an open element`);
    if (name !== undefined && name !== expected) {
      throw new Error(`XmlBuilder: close(${name}) but the open element is <${expected}>`);
    }
    this.depth--;
    this.parts.push(`${this.pad()}</${expected}>\n`);
    return this;
  }

  /** A leaf element with text; skipped when the value is undefined or null. */
  leaf(name: string, value: string | number | boolean | undefined | null, attributes?: Attributes): this {
    if (value === undefined || value === null) return this;
    this.parts.push(`${this.pad()}<${name}${renderAttributes(attributes)}>${escapeText(value)}</${name}>\n`);
    return this;
  }

  toString(): string {
    if (this.openNames.length > 0) {
      throw new Error(`XmlBuilder: unclosed elements: ${this.openNames.join(' > ')}`);
    }
    return this.parts.join('');
  }
}

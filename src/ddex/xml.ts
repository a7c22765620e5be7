// saxes (streaming, conformant) feeding a compact tree of local names. Elements are matched by
// local name whatever the prefix, because partners write ern:, ernm: or a default namespace.

import { SaxesParser } from 'saxes';
import type { DdexError } from './types';

export class XNode {
  name: string;
  attrs: Record<string, string>;
  children: XNode[] | null;
  /** Text of a leaf element (text around child elements is layout and dropped). */
  text: string;
  line: number;
  constructor(name: string, attrs: Record<string, string>, line: number) {
    this.name = name;
    this.attrs = attrs;
    this.children = null;
    this.text = '';
    this.line = line;
  }
}

export interface TreeOptions {
  /** Local names whose whole subtree is not needed (the summary skips technical details). */
  skip?: ReadonlySet<string>;
  /** Local names of top-level lists whose entries are handed to onRecord as each one closes. */
  streamed?: ReadonlySet<string>;
  /** Receives each closed entry of a streamed list; returning true drops the entry from the tree. */
  onRecord?: (node: XNode, list: XNode, root: XNode, rootQName: string) => boolean;
  /** Receives each closed child of an entry (depth 4), e.g. one Deal of a ReleaseDeal; true drops it. */
  onSubRecord?: (node: XNode, entry: XNode, list: XNode, root: XNode, rootQName: string) => boolean;
}

export type TreeResult = { ok: true; root: XNode; rootQName: string } | { ok: false; error: DdexError };

const SAXES_POSITION = /^(\d+):(\d+): (.*)$/s;

/** The markup just before a saxes error position (saxes names neither the close tag nor the entity). */
function markupNear(text: string, line: number, column: number, opener: string, pattern: RegExp): string | null {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return null;
    start = nl + 1;
  }
  const at = text.lastIndexOf(opener, start + column);
  if (at < start) return null;
  const m = pattern.exec(text.slice(at, at + 200));
  return m ? m[1] : null;
}

function friendlySaxesMessage(msg: string, text: string, line: number, column: number): string {
  // saxes words its messages tersely; say the same thing the way a person would read it.
  const m = /^unclosed tag: (.+)$/.exec(msg);
  if (m) return `unclosed tag <${m[1]}>`;
  if (/^unexpected close tag\.?$/.test(msg)) {
    const tag = line > 0 ? markupNear(text, line, column, '</', /^<\/([^\s>]+)/) : null;
    return tag ? `closing tag </${tag}> does not match the element open there` : 'a closing tag does not match the element open there';
  }
  if (/^undefined entity/.test(msg)) {
    const name = line > 0 ? markupNear(text, line, column, '&', /^&([^\s;&<]+);/) : null;
    return `undefined entity${name ? ` &${name};` : ''} (only &amp; &lt; &gt; &quot; &apos; and numeric character references are allowed)`;
  }
  return msg.replace(/\.$/, '');
}

export function buildTree(text: string, opts: TreeOptions = {}): TreeResult {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const doc = new XNode('#document', {}, 0);
  const stack: XNode[] = [doc];
  let depth = 0;
  let rootQName = '';
  let skipDepth = 0;
  const skip = opts.skip;
  const streamed = opts.streamed;
  const onRecord = opts.onRecord;
  const onSubRecord = opts.onSubRecord;
  let callbackError: unknown = null;

  parser.on('opentag', (tag) => {
    if (skipDepth > 0) {
      if (!tag.isSelfClosing) skipDepth++;
      return;
    }
    const qname = tag.name;
    const colon = qname.indexOf(':');
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    if (skip !== undefined && depth > 0 && skip.has(local)) {
      if (!tag.isSelfClosing) skipDepth = 1;
      return;
    }
    if (depth === 0) rootQName = qname;
    const node = new XNode(local, tag.attributes as Record<string, string>, parser.line);
    const parent = stack[depth];
    if (parent.children === null) {
      parent.children = [node];
      parent.text = '';
    } else parent.children.push(node);
    stack[++depth] = node;
  });
  parser.on('closetag', () => {
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    // Depth 3 is an entry of a top-level list (root 1, list 2): hand it over, then forget it.
    // Depth 4 is a part of such an entry (a Deal of a ReleaseDeal), offered the same way, so an
    // entry holding hundreds of deals never builds up in memory.
    if (depth >= 3 && depth <= 4 && streamed !== undefined && streamed.has(stack[2].name)) {
      let drop = false;
      try {
        if (depth === 3 && onRecord !== undefined) drop = onRecord(stack[3], stack[2], stack[1], rootQName);
        else if (depth === 4 && onSubRecord !== undefined) drop = onSubRecord(stack[4], stack[3], stack[2], stack[1], rootQName);
      } catch (err) {
        callbackError = err;
        throw err;
      }
      if (drop) stack[depth - 1].children?.pop();
    }
    depth--;
  });
  const onText = (t: string) => {
    if (skipDepth > 0) return;
    const cur = stack[depth];
    if (cur.children === null) cur.text = cur.text.length === 0 ? t : cur.text + t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    parser.write(text).close();
  } catch (err) {
    if (callbackError !== null) throw callbackError;
    const raw = err instanceof Error ? err.message : String(err);
    const m = SAXES_POSITION.exec(raw);
    if (m) {
      const line = Number(m[1]);
      const column = Number(m[2]);
      return { ok: false, error: { code: 'malformed_xml', message: `Malformed XML at line ${line}, column ${column}: ${friendlySaxesMessage(m[3], text, line, column)}`, line, column } };
    }
    return { ok: false, error: { code: 'malformed_xml', message: `Malformed XML: ${friendlySaxesMessage(raw, text, 0, 0)}` } };
  }
  const root = doc.children?.[0];
  if (!root) return { ok: false, error: { code: 'malformed_xml', message: 'Malformed XML: no root element' } };
  return { ok: true, root, rootQName };
}

// ---- navigation helpers: small child lists, so linear scans beat any index ----

export function kid(node: XNode | null | undefined, name: string): XNode | null {
  const ch = node?.children;
  if (!ch) return null;
  for (let i = 0; i < ch.length; i++) if (ch[i].name === name) return ch[i];
  return null;
}

export function kids(node: XNode | null | undefined, name: string): XNode[] {
  const ch = node?.children;
  if (!ch) return EMPTY;
  let out: XNode[] | null = null;
  for (let i = 0; i < ch.length; i++) {
    if (ch[i].name === name) (out ??= []).push(ch[i]);
  }
  return out ?? EMPTY;
}

const EMPTY: XNode[] = [];

/** Trimmed text, or null when absent or blank. */
export function txt(node: XNode | null | undefined): string | null {
  if (!node) return null;
  const t = node.text;
  if (t.length === 0) return null;
  const c0 = t.charCodeAt(0);
  const cl = t.charCodeAt(t.length - 1);
  // Most values carry no surrounding whitespace; skip the trim allocation for them.
  if (c0 > 32 && cl > 32) return t;
  const s = t.trim();
  return s.length === 0 ? null : s;
}

export function kidText(node: XNode | null | undefined, name: string): string | null {
  return txt(kid(node, name));
}

export function kidTexts(node: XNode | null | undefined, name: string): string[] {
  const out: string[] = [];
  for (const k of kids(node, name)) {
    const t = txt(k);
    if (t !== null) out.push(t);
  }
  return out;
}

/** First node found by following local names. */
export function path(node: XNode | null | undefined, ...names: string[]): XNode | null {
  let cur: XNode | null | undefined = node;
  for (const n of names) {
    cur = kid(cur, n);
    if (!cur) return null;
  }
  return cur ?? null;
}

/** A value that may be "UserDefined" with the real value in the UserDefinedValue attribute. */
export function avsValue(node: XNode | null | undefined): string | null {
  const t = txt(node);
  if (!node) return null;
  if (t === 'UserDefined') return node.attrs.UserDefinedValue?.trim() || t;
  return t;
}

export function attr(node: XNode | null | undefined, name: string): string | null {
  if (!node) return null;
  const v = node.attrs[name];
  if (v === undefined) return null;
  const s = v.trim();
  return s.length === 0 ? null : s;
}

/** Walks every descendant (depth first), for the structural checks. */
export function walk(node: XNode, visit: (n: XNode) => void): void {
  visit(node);
  const ch = node.children;
  if (ch) for (let i = 0; i < ch.length; i++) walk(ch[i], visit);
}

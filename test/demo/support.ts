/** Helpers for the demo generator's tests: a tiny element tree from saxes, and XSD validation. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { validateXML } from 'xmllint-wasm';

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** Parses with a conformant parser; throws with the parser's message when not well-formed. */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser();
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.name.replace(/^.*:/, ''), attributes: tag.attributes as Record<string, string>, text: '', children: [] };
    if (stack.length > 0) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack[stack.length - 1].text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

export function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

/** All descendants with the given local name, in document order. */
export function descendants(node: XmlNode, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  const visit = (n: XmlNode) => {
    for (const c of n.children) {
      if (c.name === name) found.push(c);
      visit(c);
    }
  };
  visit(node);
  return found;
}

export function textOf(node: XmlNode | undefined): string {
  return node ? node.text.trim() : '';
}

/** Path of the repository's sibling `../shared`, which exists only on development machines. */
export const SHARED_XSD_DIR = fileURLToPath(new URL('../../../shared/ddex/xsd', import.meta.url));
export const HAVE_XSDS =
  existsSync(path.join(SHARED_XSD_DIR, 'ern382/release-notification.xsd')) &&
  existsSync(path.join(SHARED_XSD_DIR, 'ern43/release-notification.xsd'));

const SCHEMA_FILES = {
  '3.8.2': { dir: 'ern382', avs: 'avs_20161006.xsd' },
  '4.3': { dir: 'ern43', avs: 'allowed-value-sets.xsd' },
} as const;

/**
 * Validates messages against the official XSD. The main schema imports its allowed-value-set
 * schema by a relative schemaLocation, so that file is preloaded under the same name.
 */
export async function validateAgainstXsd(version: '3.8.2' | '4.3', messages: { name: string; xml: string }[]) {
  const files = SCHEMA_FILES[version];
  const result = await validateXML({
    xml: messages.map((m) => ({ fileName: m.name, contents: m.xml })),
    schema: { fileName: 'release-notification.xsd', contents: readFileSync(path.join(SHARED_XSD_DIR, files.dir, 'release-notification.xsd'), 'utf8') },
    preload: [{ fileName: files.avs, contents: readFileSync(path.join(SHARED_XSD_DIR, files.dir, files.avs), 'utf8') }],
    maxMemoryPages: 16_384,
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage.slice(0, 400)) };
}

export const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/**
 * Run-time configuration the server injects into index.html as `window.__APP_CONFIG__` (the
 * `<!--app-config-->` placeholder). Under the Vite dev server nothing is injected, so every field
 * has a safe default; a malformed field is replaced by its default with a console warning rather
 * than breaking the app.
 */
export type SiblingToolKey = 'audio-prep' | 'ddex-delivery' | 'bucket-browser';

export interface SiblingTool {
  key: SiblingToolKey;
  label: string;
  url: string | null;
}

export interface AppConfig {
  version: string;
  googleEnabled: boolean;
  siblingTools: SiblingTool[];
}

/** The tool this SPA is; its entry in the header is marked as the current one. */
export const CURRENT_TOOL: SiblingToolKey = 'ddex-delivery';

const SIBLING_KEYS: readonly SiblingToolKey[] = ['audio-prep', 'ddex-delivery', 'bucket-browser'];

export const DEFAULT_SIBLING_TOOLS: readonly SiblingTool[] = [
  { key: 'audio-prep', label: 'Audio Prep', url: null },
  { key: 'ddex-delivery', label: 'DDEX Delivery', url: null },
  { key: 'bucket-browser', label: 'Bucket Browser', url: null },
];

export const DEFAULT_APP_CONFIG: AppConfig = {
  version: 'dev',
  googleEnabled: false,
  siblingTools: DEFAULT_SIBLING_TOOLS.map((tool) => ({ ...tool })),
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseSiblingTool(value: unknown, problems: string[], index: number): SiblingTool | null {
  if (!isRecord(value)) {
    problems.push(`siblingTools[${index}] is not an object`);
    return null;
  }
  const { key, label, url } = value;
  if (typeof key !== 'string' || !SIBLING_KEYS.includes(key as SiblingToolKey)) {
    problems.push(`siblingTools[${index}].key must be one of ${SIBLING_KEYS.join(', ')}`);
    return null;
  }
  const fallback = DEFAULT_SIBLING_TOOLS.find((tool) => tool.key === key)!;
  let safeUrl: string | null = null;
  if (typeof url === 'string' && url.trim() !== '') {
    // Only http(s) and same-site paths: a javascript: URL in config must never become a link.
    if (/^(https?:\/\/|\/)/i.test(url.trim())) safeUrl = url.trim();
    else problems.push(`siblingTools[${index}].url must start with http://, https:// or /`);
  } else if (url !== null && url !== undefined && url !== '') {
    problems.push(`siblingTools[${index}].url must be a string or null`);
  }
  return {
    key: key as SiblingToolKey,
    label: typeof label === 'string' && label.trim() !== '' ? label.trim() : fallback.label,
    url: safeUrl,
  };
}

/** Validates whatever the server injected; returns the config plus the problems found (for a warning). */
export function parseAppConfig(raw: unknown): { config: AppConfig; problems: string[] } {
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { config: { ...DEFAULT_APP_CONFIG, siblingTools: DEFAULT_APP_CONFIG.siblingTools.map((t) => ({ ...t })) }, problems };
  if (!isRecord(raw)) {
    problems.push('__APP_CONFIG__ is not an object');
    return { config: { ...DEFAULT_APP_CONFIG }, problems };
  }

  let version = DEFAULT_APP_CONFIG.version;
  if (typeof raw.version === 'string' && raw.version.trim() !== '') version = raw.version.trim();
  else if (raw.version !== undefined) problems.push('version must be a non-empty string');

  let googleEnabled = DEFAULT_APP_CONFIG.googleEnabled;
  if (typeof raw.googleEnabled === 'boolean') googleEnabled = raw.googleEnabled;
  else if (raw.googleEnabled !== undefined) problems.push('googleEnabled must be a boolean');

  let siblingTools = DEFAULT_APP_CONFIG.siblingTools.map((tool) => ({ ...tool }));
  if (Array.isArray(raw.siblingTools)) {
    const parsed = raw.siblingTools
      .map((tool, index) => parseSiblingTool(tool, problems, index))
      .filter((tool): tool is SiblingTool => tool !== null);
    // Keep the header's fixed order and one entry per tool whatever order the server sent.
    siblingTools = SIBLING_KEYS.map((key) => parsed.find((tool) => tool.key === key) ?? { ...DEFAULT_SIBLING_TOOLS.find((t) => t.key === key)! });
  } else if (raw.siblingTools !== undefined) {
    problems.push('siblingTools must be an array');
  }

  return { config: { version, googleEnabled, siblingTools }, problems };
}

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

let cached: AppConfig | null = null;

/** The app's configuration, read once from the page. */
export function getAppConfig(): AppConfig {
  if (cached) return cached;
  const raw = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  const { config, problems } = parseAppConfig(raw);
  if (problems.length > 0) console.warn(`Ignoring invalid parts of window.__APP_CONFIG__: ${problems.join('; ')}`);
  cached = config;
  return config;
}

/** What the header shows: the current tool always, the others only when they have a URL. */
export function visibleSiblingTools(config: AppConfig): Array<SiblingTool & { current: boolean }> {
  return config.siblingTools
    .map((tool) => ({ ...tool, current: tool.key === CURRENT_TOOL }))
    .filter((tool) => tool.current || tool.url !== null);
}

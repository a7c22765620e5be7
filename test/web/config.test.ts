import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, parseAppConfig, visibleSiblingTools } from '@/web/lib/config';

describe('parseAppConfig (window.__APP_CONFIG__)', () => {
  it('falls back to defaults when the server injected nothing (Vite dev)', () => {
    const { config, problems } = parseAppConfig(undefined);
    expect(config).toEqual(DEFAULT_APP_CONFIG);
    expect(config.googleEnabled).toBe(false);
    expect(problems).toEqual([]);
  });

  it('takes a valid config as given, in the header order', () => {
    const { config, problems } = parseAppConfig({
      version: '1.2.3',
      googleEnabled: true,
      siblingTools: [
        { key: 'bucket-browser', label: 'Buckets', url: 'https://buckets.example.com' },
        { key: 'audio-prep', label: 'Audio', url: 'https://audio.example.com/' },
        { key: 'ddex-delivery', label: 'Delivery', url: null },
      ],
    });
    expect(problems).toEqual([]);
    expect(config.version).toBe('1.2.3');
    expect(config.googleEnabled).toBe(true);
    expect(config.siblingTools.map((tool) => tool.key)).toEqual(['audio-prep', 'ddex-delivery', 'bucket-browser']);
    expect(config.siblingTools[2]).toEqual({ key: 'bucket-browser', label: 'Buckets', url: 'https://buckets.example.com' });
  });

  it('replaces bad fields by defaults and names each problem', () => {
    const { config, problems } = parseAppConfig({
      version: 42,
      googleEnabled: 'yes',
      siblingTools: [{ key: 'audio-prep', label: 'Audio', url: 'javascript:alert(1)' }, { key: 'mystery' }, 'nope'],
    });
    expect(config.version).toBe(DEFAULT_APP_CONFIG.version);
    expect(config.googleEnabled).toBe(false);
    expect(config.siblingTools.find((tool) => tool.key === 'audio-prep')?.url).toBeNull();
    expect(problems).toEqual([
      'version must be a non-empty string',
      'googleEnabled must be a boolean',
      'siblingTools[0].url must start with http://, https:// or /',
      'siblingTools[1].key must be one of audio-prep, ddex-delivery, bucket-browser',
      'siblingTools[2] is not an object',
    ]);
  });

  it('rejects a config that is not an object', () => {
    const { config, problems } = parseAppConfig('oops');
    expect(config.version).toBe(DEFAULT_APP_CONFIG.version);
    expect(problems).toEqual(['__APP_CONFIG__ is not an object']);
  });
});

describe('visibleSiblingTools', () => {
  it('shows tools with a URL and always the current tool, marked current', () => {
    const { config } = parseAppConfig({
      siblingTools: [
        { key: 'audio-prep', label: 'Audio Prep', url: 'https://audio.example.com' },
        { key: 'ddex-delivery', label: 'DDEX Delivery', url: null },
        { key: 'bucket-browser', label: 'Bucket Browser', url: null },
      ],
    });
    expect(visibleSiblingTools(config).map(({ key, current }) => ({ key, current }))).toEqual([
      { key: 'audio-prep', current: false },
      { key: 'ddex-delivery', current: true },
    ]);
  });
});

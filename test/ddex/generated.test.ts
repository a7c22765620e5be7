import { describe, expect, it } from 'vitest';
import { parseErn, summarize } from '@/ddex';
import { generateErn43Album, generateErn43OfSize } from '@/ddex/generate';

describe('generated catalogue-sized messages', () => {
  it('reads a 500-track album completely: every track, file, contributor and deal', () => {
    const xml = generateErn43Album({ tracks: 500, territories: 240 });
    const r = parseErn(xml, { today: '2025-06-01' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const m = r.message;
    expect(m.mainRelease!.trackList).toHaveLength(500);
    expect(m.mainRelease!.trackList[499]).toMatchObject({ resourceReference: 'A500', discNumber: 1, trackNumber: 500, sequence: 500 });
    expect(m.releases).toHaveLength(501);
    expect(m.resources.filter((x) => x.kind === 'sound_recording')).toHaveLength(500);
    expect(m.resources[0].contributors.map((c) => c.name)).toEqual(['Pat Producer', 'Casey Composer']);
    expect(m.resources[0].files[0]).toMatchObject({ path: 'resources/0123456789012_01_001.flac', hashAlgorithm: 'MD5' });
    const s = summarize(xml, { today: '2025-06-01' });
    expect(s.trackCount).toBe(500);
    expect(s.isrcs).toHaveLength(500);
    expect(s.territories).toHaveLength(241); // 240 explicit codes and the Worldwide download deal
  });

  it('reads a 10 MB message in well under a second per MB', () => {
    const xml = generateErn43OfSize(10_000_000);
    const t0 = performance.now();
    const r = parseErn(xml);
    const secs = (performance.now() - t0) / 1000;
    expect(r.ok).toBe(true);
    expect(r.ok && r.message.mainRelease!.trackList.length).toBeGreaterThan(3000);
    expect(secs).toBeLessThan(10); // a loose bound for a loaded CI machine; the benchmark measures properly
  });
});

import { sql } from 'drizzle-orm';
import type { JobDefinition } from '@/jobs/queue';
import type { AppDeps } from '@/server/context';
import { screenArtist } from './screening';

export const SCREEN_ARTIST_JOB = 'screen-artist';
export const SCREEN_UNSCREENED_JOB = 'screen-unscreened-artists';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Queues screening of the given artists (one job each, keyed by artist id). */
export async function queueScreening(deps: Pick<AppDeps, 'jobs'>, artistIds: readonly string[]): Promise<void> {
  for (const artistId of new Set(artistIds)) {
    await deps.jobs.send(SCREEN_ARTIST_JOB, { artistId }, { singletonKey: artistId });
  }
}

export function artistJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: SCREEN_ARTIST_JOB,
      retryLimit: 2,
      retryDelaySeconds: 30,
      expireInSeconds: 5 * 60,
      handler: async (data: { artistId?: unknown }, ctx) => {
        if (typeof data.artistId !== 'string' || !UUID.test(data.artistId)) {
          ctx.logger.warn({ data }, 'screen-artist without a valid artistId ignored');
          return { outcome: 'skipped' };
        }
        const verdict = await screenArtist(deps, data.artistId);
        return verdict
          ? { outcome: 'screened', source: verdict.source, confidence: verdict.confidence }
          : { outcome: 'artist not found' };
      },
    },
    {
      // Main artists that never got screened (created by a metadata re-read, or whose job was lost)
      // are queued here, so every artist ends up with an assessment.
      name: SCREEN_UNSCREENED_JOB,
      schedule: '*/10 * * * *',
      retryLimit: 0,
      handler: async () => {
        const rows = await deps.db.execute<{ id: string }>(sql`
          SELECT id FROM artist WHERE is_main_artist AND screened_at IS NULL ORDER BY created_at LIMIT 500`);
        await queueScreening(deps, rows.rows.map((r) => r.id));
        return { queued: rows.rows.length };
      },
    },
  ];
}

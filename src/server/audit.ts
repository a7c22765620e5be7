import type { AppDb, AppTx } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { SessionUser } from './context';

/** Every destructive admin action is written down: who, what, when, counts (DESIGN.md 6.6). */
export async function writeAudit(
  db: AppDb | AppTx,
  entry: { actor: SessionUser | null; action: string; target?: string | null; details?: Record<string, unknown>; counts?: Record<string, number> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    counts: entry.counts ?? null,
  });
}

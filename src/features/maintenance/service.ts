import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { AppDb } from '@/db/client';
import { authSession, authVerification, userInvites } from '@/db/schema';

export interface HousekeepingResult {
  expiredSessions: number;
  expiredVerifications: number;
  staleInvites: number;
}

/**
 * Removes what can no longer be used: expired sessions and verification tokens, and invite links
 * that expired or were used more than 30 days ago. Safe to run any time, on any worker.
 */
export async function runHousekeeping(db: AppDb, now = new Date()): Promise<HousekeepingResult> {
  const sessions = await db.delete(authSession).where(lt(authSession.expiresAt, now)).returning({ id: authSession.id });
  const verifications = await db
    .delete(authVerification)
    .where(lt(authVerification.expiresAt, now))
    .returning({ id: authVerification.id });
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000);
  const invites = await db
    .delete(userInvites)
    .where(or(lt(userInvites.expiresAt, now), and(isNotNull(userInvites.usedAt), lt(userInvites.usedAt, monthAgo))))
    .returning({ id: userInvites.id });
  return { expiredSessions: sessions.length, expiredVerifications: verifications.length, staleInvites: invites.length };
}

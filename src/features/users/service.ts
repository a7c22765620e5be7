import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Auth } from '@/server/auth';
import type { AppDb } from '@/db/client';
import { authUser, userInvites, userRoles } from '@/db/schema';

export type Role = 'user' | 'admin';

export class UserError extends Error {
  constructor(
    public readonly code: 'invalid' | 'exists' | 'token_invalid' | 'token_used' | 'token_expired',
    message: string,
  ) {
    super(message);
  }
}

/** Spec: the role is read from user_roles by user id; no row means `user`. */
export async function getRole(db: AppDb, userId: string): Promise<Role> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
  return rows[0]?.role === 'admin' ? 'admin' : 'user';
}

export async function setRole(db: AppDb, userId: string, role: Role): Promise<void> {
  await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

export async function countUsers(db: AppDb): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(authUser);
  return rows[0]?.n ?? 0;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Creates an account with a password through Better Auth's own adapter and hasher, so the account
 * signs in exactly like one Better Auth created itself.
 */
export async function createUserWithPassword(
  auth: Auth,
  db: AppDb,
  input: { email: string; password: string; name?: string | null; role: Role },
): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new UserError('invalid', `"${input.email}" is not an email address`);
  if (input.password.length < 8) throw new UserError('invalid', 'The password must be at least 8 characters');
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) throw new UserError('exists', `A user with the email ${email} already exists`);
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name?.trim() ?? '', emailVerified: true },
    { method: 'admin' },
  );
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
  await setRole(db, user.id, input.role);
  return { id: user.id, email };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A single-use, expiring link. Without an email it is the first-admin set-up link: whoever opens it
 * chooses the admin's email and password, and it stops working once any user exists.
 */
export async function createInvite(
  db: AppDb,
  input: { email: string | null; role: Role; createdBy: string | null; ttlHours?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + (input.ttlHours ?? 72) * 3600_000);
  await db.insert(userInvites).values({
    email: input.email?.toLowerCase() ?? '',
    purpose: input.email ? 'invite' : 'first_admin',
    role: input.role,
    tokenHash: hashToken(token),
    expiresAt,
    createdBy: input.createdBy,
  });
  return { token, expiresAt };
}

export async function findInvite(db: AppDb, token: string) {
  const rows = await db.select().from(userInvites).where(eq(userInvites.tokenHash, hashToken(token))).limit(1);
  const invite = rows[0];
  if (!invite) throw new UserError('token_invalid', 'This link is not valid. Ask an administrator for a new one.');
  if (invite.usedAt) throw new UserError('token_used', 'This link has already been used. Sign in instead.');
  if (invite.expiresAt.getTime() < Date.now()) throw new UserError('token_expired', 'This link has expired. Ask an administrator for a new one.');
  if (invite.purpose === 'first_admin' && (await countUsers(db)) > 0) {
    throw new UserError('token_used', 'The set-up link is no longer needed: an administrator already exists. Sign in instead.');
  }
  return invite;
}

/** Accepts an invite or the set-up link: creates the account, marks the link used. */
export async function acceptInvite(
  auth: Auth,
  db: AppDb,
  input: { token: string; email?: string; name?: string; password: string },
): Promise<{ id: string; email: string; role: Role }> {
  const invite = await findInvite(db, input.token);
  const email = invite.purpose === 'first_admin' ? (input.email ?? '') : invite.email;
  const role: Role = invite.role === 'admin' ? 'admin' : 'user';
  // Claim the link first, so two submissions of the same link cannot both create accounts.
  const claimed = await db
    .update(userInvites)
    .set({ usedAt: new Date() })
    .where(and(eq(userInvites.id, invite.id), isNull(userInvites.usedAt), gt(userInvites.expiresAt, new Date())))
    .returning({ id: userInvites.id });
  if (claimed.length === 0) throw new UserError('token_used', 'This link has already been used. Sign in instead.');
  try {
    const user = await createUserWithPassword(auth, db, { email, password: input.password, name: input.name, role });
    return { ...user, role };
  } catch (error) {
    await db.update(userInvites).set({ usedAt: null }).where(eq(userInvites.id, invite.id));
    throw error;
  }
}

/**
 * Start-up: with no user yet, ADMIN_EMAIL/ADMIN_PASSWORD create the first admin; without them a
 * one-time set-up link is returned for the process to print.
 */
export async function ensureFirstAdmin(
  auth: Auth,
  db: AppDb,
  opts: { admin: { email: string; password: string } | null; publicUrl: string },
): Promise<{ created: string | null; setupUrl: string | null }> {
  if ((await countUsers(db)) > 0) return { created: null, setupUrl: null };
  if (opts.admin) {
    const user = await createUserWithPassword(auth, db, { email: opts.admin.email, password: opts.admin.password, role: 'admin' });
    return { created: user.email, setupUrl: null };
  }
  // Older set-up links die with the process that printed them.
  await db.delete(userInvites).where(and(eq(userInvites.purpose, 'first_admin'), isNull(userInvites.usedAt)));
  const { token } = await createInvite(db, { email: null, role: 'admin', createdBy: null, ttlHours: 24 });
  return { created: null, setupUrl: `${opts.publicUrl}/setup?token=${token}` };
}

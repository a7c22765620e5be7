import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import type { ApiRouter } from '@/server/api-router';
import type { AppDeps } from '@/server/context';
import { ApiError, badRequest, notFound } from '@/server/errors';
import { parseBody } from '@/server/http';
import { authUser, userRoles } from '@/db/schema';
import { acceptInvite, findInvite, setRole, UserError } from './service';

const setupBody = z.object({
  token: z.string().min(1, 'token is required'),
  email: z.string().optional(),
  name: z.string().optional(),
  password: z.string().min(8, 'The password must be at least 8 characters'),
});

function toApiError(error: unknown): never {
  if (error instanceof UserError) {
    const status = error.code === 'exists' ? 409 : error.code === 'invalid' ? 400 : 410;
    throw new ApiError(status, error.code, error.message);
  }
  throw error;
}

export function registerUserRoutes(api: ApiRouter, deps: AppDeps) {
  api.get('/me', 'user', (c) => {
    const role = c.get('role') ?? 'user';
    return c.json({ user: c.get('user'), role, isAdmin: role === 'admin', sessionExpiresAt: c.get('sessionExpiresAt') });
  });

  // The set-up and invite links live under /api/auth: they are how a person without an account
  // gets one, so they are public, and each needs a valid single-use token.
  api.get('/auth/setup/check', 'public', async (c) => {
    try {
      const invite = await findInvite(deps.db, c.req.query('token') ?? '');
      const firstAdmin = invite.purpose === 'first_admin';
      return c.json({ valid: true, email: firstAdmin ? null : invite.email, role: invite.role, firstAdmin });
    } catch (error) {
      return toApiError(error);
    }
  });

  api.post('/auth/setup/complete', 'public', async (c) => {
    const parsed = setupBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
    try {
      const user = await acceptInvite(deps.auth, deps.db, parsed.data);
      deps.logger.info({ email: user.email, role: user.role }, 'account created from link');
      return c.json({ success: true, email: user.email, role: user.role });
    } catch (error) {
      return toApiError(error);
    }
  });

  api.get('/users', 'admin', async (c) => {
    const rows = await deps.db
      .select({ id: authUser.id, email: authUser.email, name: authUser.name, created_at: authUser.createdAt, role: userRoles.role })
      .from(authUser)
      .leftJoin(userRoles, eq(userRoles.userId, authUser.id))
      .orderBy(desc(authUser.createdAt));
    return c.json({ rows: rows.map((r) => ({ ...r, role: r.role === 'admin' ? 'admin' : 'user' })), total: rows.length });
  });

  api.patch('/users/:id', 'admin', async (c) => {
    const { role } = await parseBody(c, z.object({ role: z.enum(['user', 'admin'], { error: 'role must be "user" or "admin"' }) }));
    const id = c.req.param('id')!;
    const found = await deps.db.select({ id: authUser.id }).from(authUser).where(eq(authUser.id, id)).limit(1);
    if (!found[0]) throw notFound('User not found');
    if (id === c.get('user')?.id && role !== 'admin') {
      throw badRequest('You cannot remove your own administrator role', 'self_demotion');
    }
    await setRole(deps.db, id, role);
    return c.json({ id, role });
  });
}

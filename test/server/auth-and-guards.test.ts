import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { PUBLIC_API_PREFIXES } from '@/server/app';

describe('sign-in, roles and server-side guards', () => {
  let app: TestApp;
  let adminCookie: string;
  let userCookie: string;

  beforeAll(async () => {
    app = await startTestApp();
    await app.createUser('admin@example.com', 'admin-password-1', 'admin');
    await app.createUser('user@example.com', 'user-password-1', 'user');
    adminCookie = await app.signIn('admin@example.com', 'admin-password-1');
    userCookie = await app.signIn('user@example.com', 'user-password-1');
  });
  afterAll(() => app?.stop());

  it('answers health without a session, naming the database', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(body.database);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('signs in with email and password and reports the role from user_roles', async () => {
    const me = await (await app.request('/api/me', { cookie: adminCookie })).json();
    expect(me).toMatchObject({ user: { email: 'admin@example.com' }, role: 'admin', isAdmin: true });
    const plain = await (await app.request('/api/me', { cookie: userCookie })).json();
    expect(plain).toMatchObject({ user: { email: 'user@example.com' }, role: 'user', isAdmin: false });
  });

  it('gives the server message for wrong credentials', async () => {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@example.com', password: 'wrong-password' }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/invalid email or password/i);
  });

  it('has no public sign-up', async () => {
    const res = await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'new@example.com', password: 'new-password-1', name: 'New' }),
    });
    expect(res.ok).toBe(false);
    const users = await (await app.request('/api/users', { cookie: adminCookie })).json();
    expect(users.rows.map((u: { email: string }) => u.email)).not.toContain('new@example.com');
  });

  it('refuses every registered /api route without a session (401) and every admin route to a user (403)', async () => {
    const records = app.runtime.built!.api.records;
    const honoRoutes = app.runtime.built!.app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL');
    // Any /api route Hono knows that was not declared with an access level is a hole.
    const declared = new Set(records.map((r) => `${r.method} ${r.path}`));
    const undeclared = honoRoutes.filter(
      (r) => !declared.has(`${r.method} ${r.path}`) && !PUBLIC_API_PREFIXES.some((p) => r.path.startsWith(p)),
    );
    expect(undeclared).toEqual([]);
    expect(records.length).toBeGreaterThan(3);

    const concrete = (p: string) => p.replace(/:[a-zA-Z]+/g, '00000000-0000-0000-0000-000000000000');
    for (const route of records) {
      if (route.access === 'public') continue;
      const res = await app.request(concrete(route.path), {
        method: route.method,
        body: route.method === 'GET' ? undefined : '{}',
      });
      expect(res.status, `${route.method} ${route.path} without a session`).toBe(401);
      await res.body?.cancel();
      if (route.access === 'admin') {
        const asUser = await app.request(concrete(route.path), {
          method: route.method,
          cookie: userCookie,
          body: route.method === 'GET' ? undefined : '{}',
        });
        expect(asUser.status, `${route.method} ${route.path} as a user`).toBe(403);
        await asUser.body?.cancel();
      }
    }
  });

  it('answers unknown API paths with 401 before a session and a JSON 404 after', async () => {
    expect((await app.request('/api/nope')).status).toBe(401);
    const res = await app.request('/api/nope', { cookie: userCookie });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('refuses a body that is not JSON, or not an object, with a message saying so', async () => {
    const users = await (await app.request('/api/users', { cookie: adminCookie })).json();
    const target = users.rows.find((u: { email: string }) => u.email === 'user@example.com');
    const garbled = await app.request(`/api/users/${target.id}`, { method: 'PATCH', cookie: adminCookie, body: '{"role": ' });
    expect(garbled.status).toBe(400);
    const garbledError = (await garbled.json()).error;
    expect(garbledError.code).toBe('bad_json');
    expect(garbledError.message).toMatch(/^The request body is not valid JSON \(/);
    const list = await app.request(`/api/users/${target.id}`, { method: 'PATCH', cookie: adminCookie, body: '["admin"]' });
    expect((await list.json()).error.message).toBe('The request body must be a JSON object');
  });

  it('lets an admin change a role, which takes effect on the next request', async () => {
    const users = await (await app.request('/api/users', { cookie: adminCookie })).json();
    const target = users.rows.find((u: { email: string }) => u.email === 'user@example.com');
    const res = await app.request(`/api/users/${target.id}`, { method: 'PATCH', cookie: adminCookie, body: JSON.stringify({ role: 'admin' }) });
    expect(res.status).toBe(200);
    expect((await (await app.request('/api/me', { cookie: userCookie })).json()).role).toBe('admin');
    await app.request(`/api/users/${target.id}`, { method: 'PATCH', cookie: adminCookie, body: JSON.stringify({ role: 'user' }) });
    expect((await (await app.request('/api/me', { cookie: userCookie })).json()).role).toBe('user');
  });

  it('signs out: the cookie stops working', async () => {
    const cookie = await app.signIn('user@example.com', 'user-password-1');
    expect((await app.request('/api/me', { cookie })).status).toBe(200);
    const out = await app.request('/api/auth/sign-out', { method: 'POST', cookie, body: '{}' });
    expect(out.status).toBe(200);
    expect((await app.request('/api/me', { cookie })).status).toBe(401);
  });
});

describe('first administrator', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD on a start that finds no user', async () => {
    const app = await startTestApp({ env: { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' } });
    try {
      const cookie = await app.signIn('boss@example.com', 'boss-password-1');
      expect((await (await app.request('/api/me', { cookie })).json()).role).toBe('admin');
      expect(app.runtime.setupUrl).toBeNull();
    } finally {
      await app.stop();
    }
  });

  it('without them, a one-time set-up link creates the admin and then stops working', async () => {
    const app = await startTestApp();
    try {
      expect(app.runtime.setupUrl).toMatch(/\/setup\?token=/);
      const token = new URL(app.runtime.setupUrl!).searchParams.get('token')!;
      const check = await (await app.request(`/api/auth/setup/check?token=${token}`)).json();
      expect(check).toMatchObject({ valid: true, firstAdmin: true, role: 'admin' });

      const weak = await app.request('/api/auth/setup/complete', { method: 'POST', body: JSON.stringify({ token, email: 'a@example.com', password: 'short' }) });
      expect(weak.status).toBe(400);
      expect((await weak.json()).error.message).toMatch(/at least 8 characters/);

      const ok = await app.request('/api/auth/setup/complete', {
        method: 'POST',
        body: JSON.stringify({ token, email: 'first@example.com', name: 'First', password: 'first-password-1' }),
      });
      expect(ok.status).toBe(200);
      const cookie = await app.signIn('first@example.com', 'first-password-1');
      expect((await (await app.request('/api/me', { cookie })).json()).isAdmin).toBe(true);

      const again = await app.request('/api/auth/setup/complete', {
        method: 'POST',
        body: JSON.stringify({ token, email: 'second@example.com', password: 'second-password-1' }),
      });
      expect(again.status).toBe(410);
      expect((await again.json()).error.message).toMatch(/already been used/);
    } finally {
      await app.stop();
    }
  });
});

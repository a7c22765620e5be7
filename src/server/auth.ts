import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { AppConfig } from './config';
import type { Database } from '@/db/client';
import { authAccount, authSession, authUser, authVerification } from '@/db/schema';

/**
 * Better Auth owns sessions and passwords; roles of record live in user_roles (spec: no row means
 * `user`). Public sign-up is off for both email and Google: accounts are created by an admin
 * (invite-user, user:create) or by the first-admin set-up link.
 */
export function createAuth(config: AppConfig, database: Database) {
  return betterAuth({
    appName: 'DDEX Back-office',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.appSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, autoSignIn: false },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            // Google may only sign in people who already have an account (DESIGN.md 6.7).
            disableImplicitSignUp: true,
            disableSignUp: true,
          },
        }
      : {},
    session: {
      expiresIn: config.sessionTtlSeconds,
      // Any session check older than this extends the session, so an open tab never expires.
      updateAge: Math.min(24 * 3600, Math.floor(config.sessionTtlSeconds / 4)),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    rateLimit: { enabled: process.env.NODE_ENV === 'production', window: 60, max: 100 },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { authUser } from './auth';
import { createdAt, oneOf, timestampTz, updatedAt, uuidPrimaryKey } from './columns';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The role of record (spec: no row means 'user'). One row per user; goes with the user. */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuidPrimaryKey(),
    userId: text('user_id')
      .notNull()
      .unique('user_roles_user_id_unique')
      .references(() => authUser.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('user_roles_role_check', oneOf(table.role, ROLES))],
);

/**
 * Every destructive admin action: who, what, when, counts. The actor's email is copied so the entry
 * still says who after the account is deleted (actor_user_id is then set null).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidPrimaryKey(),
    actorUserId: text('actor_user_id').references(() => authUser.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    counts: jsonb('counts').$type<Record<string, number>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_at_idx').on(table.createdAt.desc()),
    index('audit_log_action_idx').on(table.action),
  ],
);

export const INVITE_PURPOSES = ['invite', 'first_admin'] as const;
export type InvitePurpose = (typeof INVITE_PURPOSES)[number];

/**
 * Single-use, expiring links to set a password: invitations, and the one-time first-admin set-up
 * link (purpose first_admin, created_by null). Only the token's hash is stored.
 */
export const userInvites = pgTable(
  'user_invites',
  {
    id: uuidPrimaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    purpose: text('purpose', { enum: INVITE_PURPOSES }).notNull().default('invite'),
    tokenHash: text('token_hash').notNull().unique('user_invites_token_hash_unique'),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdBy: text('created_by').references(() => authUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('user_invites_role_check', oneOf(table.role, ROLES)),
    check('user_invites_purpose_check', oneOf(table.purpose, INVITE_PURPOSES)),
    index('user_invites_email_idx').on(table.email),
  ],
);

import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { trigramIndexSettings } from './trigram.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    /** argon2id; null until a user added by someone else sets a password, or for Google-only accounts. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'agency', 'associate'] }).notNull(),
    /** The agency an associate belongs to; null for agencies and admins. */
    agencyId: integer('agency_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    /** 1 active, 0 deactivated. */
    status: smallint('status').notNull().default(1),
    loginCount: integer('login_count').notNull().default(0),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Storage key of the uploaded profile picture. */
    profileImg: text('profile_img'),
    googlePic: text('google_pic'),
    googleSub: text('google_sub'),
    phoneNumber: text('phone_number'),
    countryCode: text('country_code'),
    companyName: text('company_name'),
    roleDesignation: text('role_designation'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    stateId: text('state_id'),
    country: text('country'),
    countryId: text('country_id'),
    zipCode: text('zip_code'),
    utms: jsonb('utms').$type<Record<string, string | null | undefined>>(),
    /** Bumped on password change: tokens issued before it stop working. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Onboarding shown once (migration 0028): when the welcome guide was closed, when the offer banner was dismissed. */
    welcomeGuideClosedAt: timestamp('welcome_guide_closed_at', { withTimezone: true }),
    offerBannerDismissedAt: timestamp('offer_banner_dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_agency_id_idx').on(t.agencyId),
    // User Management's sort orders.
    index('users_name_sort_idx').on(sql`lower(${t.name})`, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_status_idx').on(t.status, t.id),
    // Keyword searches (`ILIKE '%…%'`) by name, email and company (pg_trgm, migration 0013).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with(trigramIndexSettings),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with(trigramIndexSettings),
    index('users_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')).with(trigramIndexSettings),
    check('users_status_check', sql`${t.status} in (0, 1)`),
    check('users_associate_agency_check', sql`(${t.role} = 'associate') = (${t.agencyId} is not null)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

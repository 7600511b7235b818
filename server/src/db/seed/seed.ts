import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { log } from '../../common/logger.js';
import { Tour } from '../../modules/tours/tour.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { sessionService } from '../../modules/auth/session.service.js';
import { hashPassword, verifyPassword } from '../../modules/auth/password.js';
import { DEMO_TOURS, type DemoTour } from './demo-tours.js';
import { seedSampleParkFees } from './sample-park-fees.js';
import { withParkDays } from './demo-park-days.js';

const ASSETS = path.resolve(import.meta.dirname, '../../../assets/tours');
const DAY_MS = 86_400_000;

/**
 * Copies the demo images shipped in the repository to the uploads folder's `demo`: the WebP files
 * the demo tours show, and their SVG sources, which catalogues seeded before the WebP files existed
 * still point at.
 */
function installDemoImages(uploadsDir: string): void {
  const target = path.join(uploadsDir, 'demo');
  mkdirSync(target, { recursive: true });
  for (const f of readdirSync(ASSETS)) {
    if (!/\.(svg|webp)$/.test(f)) continue;
    const dest = path.join(target, f);
    if (!existsSync(dest)) copyFileSync(path.join(ASSETS, f), dest);
  }
}

/** A demo tour with dates relative to now, so the catalogue never goes stale. */
export function demoTourData(d: DemoTour, now: Date = new Date()) {
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // East Africa Time is UTC+3: a 07:00 departure is 04:00 UTC.
  const departure = new Date(dayStart + d.departureInDays * DAY_MS + (d.departureHour - 3) * 3_600_000);
  const back =
    d.durationDays <= 1 && d.durationNights === 0
      ? new Date(departure.getTime() + 9 * 3_600_000)
      : new Date(departure.getTime() + (d.durationDays - 1) * DAY_MS + 10 * 3_600_000);
  return {
    title: d.title,
    description: d.description,
    destination: d.destination,
    country: d.country,
    durationDays: d.durationDays,
    durationNights: d.durationNights,
    duration: d.duration,
    price: d.price,
    priceText: d.priceText,
    originalPrice: d.originalPrice,
    discount: d.discount,
    images: [`/uploads/demo/${d.image}`],
    bg: null,
    featured: d.featured,
    popular: d.popular,
    trending: d.trending,
    rating: d.rating,
    numRatings: d.numRatings,
    tourType: d.tourType,
    features: d.features,
    categories: d.categories,
    included: d.included,
    notIncluded: d.notIncluded,
    capacity: d.capacity,
    status: d.status,
    departureLocation: d.departureLocation,
    departureTime: departure,
    returnTime: back,
    itinerary: withParkDays(d.title, d.itinerary),
    tier: d.tier,
    bookingType: d.bookingType,
    travelType: d.travelType,
  };
}

/** Loads the demo catalogue into an empty tours table, and a sample park fee schedule when there is none. Returns the number of tours added. */
export async function seedDemoCatalogue(em: EntityManager, uploadsDir: string): Promise<number> {
  installDemoImages(uploadsDir);
  await seedSampleParkFees(em);
  if ((await em.count(Tour, {})) > 0) return 0;
  const now = new Date();
  for (const d of DEMO_TOURS) em.persist(em.create(Tour, demoTourData(d, now)));
  await em.flush();
  log.info(`loaded the demo catalogue: ${DEMO_TOURS.length} tours`);
  return DEMO_TOURS.length;
}

export const DEMO_ADMIN_EMAIL = 'admin@tembea.local';

/**
 * Ensures the admins: ADMIN_EMAIL/ADMIN_PASSWORD when given (created, or promoted and its password
 * set), and on a first demo start outside production a demo admin with a random password printed
 * once. Production never gets a demo admin nor prints a password: ADMIN_EMAIL/ADMIN_PASSWORD is how
 * an operator gets one, and a start without any admin says so.
 *
 * An account that already holds ADMIN_EMAIL may have been registered by someone else before the
 * operator chose that address. Promoting it therefore ends every session and voids every reset link
 * it has, so that only whoever knows ADMIN_PASSWORD can get in; the same happens when its password is
 * changed to a new ADMIN_PASSWORD. An admin whose password is already ADMIN_PASSWORD keeps its
 * sessions across restarts.
 */
export async function ensureAdmins(
  em: EntityManager,
  opts: { adminEmail: string | null; adminPassword: string | null; seedDemo: boolean; production: boolean },
): Promise<void> {
  if (opts.adminEmail && opts.adminPassword) {
    const { adminEmail, adminPassword } = opts;
    const existing = await em.findOne(User, { email: adminEmail }, { populate: ['passwordHash'] });
    if (!existing) {
      em.persist(
        em.create(User, {
          name: 'Administrator',
          email: adminEmail,
          passwordHash: await hashPassword(adminPassword),
          role: 'admin',
        }),
      );
      await em.flush();
      log.info(`admin account created: ${adminEmail}`);
    } else {
      const promoted = existing.role !== 'admin';
      const passwordChanged = !(await verifyPassword(existing.passwordHash, adminPassword));
      if (promoted || passwordChanged) {
        const passwordHash = passwordChanged ? await hashPassword(adminPassword) : existing.passwordHash;
        const ended = await em.transactional(async (tx) => {
          await tx.nativeUpdate(User, { id: existing.id }, { role: 'admin', passwordHash });
          return sessionService.endAllAndResetLinks({ em: tx }, existing.id);
        });
        em.clear();
        if (promoted) {
          log.warn(
            `ADMIN_EMAIL ${adminEmail} already had an ordinary account (registered ${existing.createdAt.toISOString()}): ` +
              `it is now the admin with ADMIN_PASSWORD, and its sessions (${ended.refreshTokens} refresh tokens) and ${ended.resetLinks} unused reset link(s) were ended. ` +
              `Check its name, phone and bookings if you did not create it yourself.`,
          );
        } else {
          log.info(
            `admin password of ${adminEmail} set from ADMIN_PASSWORD; its sessions (${ended.refreshTokens} refresh tokens) were ended`,
          );
        }
      } else {
        log.info(`admin account ensured: ${adminEmail}`);
      }
    }
  }
  if ((await em.count(User, { role: 'admin' })) > 0) return;
  if (!opts.seedDemo || opts.production) {
    log.warn('there is no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create one');
    return;
  }
  const password = randomBytes(12).toString('base64url');
  em.persist(
    em.create(User, {
      name: 'Demo Admin',
      email: DEMO_ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      role: 'admin',
    }),
  );
  await em.flush();
  const line = '='.repeat(64);
  process.stdout.write(
    `\n${line}\n  Demo admin created (shown only this once):\n    email:    ${DEMO_ADMIN_EMAIL}\n    password: ${password}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own admin.\n${line}\n\n`,
  );
}

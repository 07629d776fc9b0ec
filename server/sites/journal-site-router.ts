/**
 * The published MyJournal sites (spec README "Site builders"), public: no token.
 *   GET  /mj/                              the site page (built by webpack: dist/client/mj/index.html)
 *   GET  /mj/api/sites/{siteUrl}           PublishedJournalSite of a published profile
 *   GET  /mj/api/sites/{siteUrl}/style.css the profile's stylesheet, as text/css
 *   POST /mj/api/sites/{siteUrl}/balance   {cardNumber, pin} → BalanceAnswer; one 403 for an
 *                                          unknown card and a wrong PIN
 *
 * The stylesheet is its own file, linked by the page: CSS that tries to close a <style>
 * element (`</style><script>…`) is then only bad CSS, since there is no element to close, and
 * the page's CSP (script-src 'self') would refuse an injected script anyway.
 */
import { type RequestHandler, type Router } from 'express';
import { MemoryStore, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import {
  JOURNAL_SITE_CARD_RULES,
  JOURNAL_SITE_PATHS,
  JOURNAL_SITE_TEXT,
  type BalanceAnswer,
  type BalanceCardStatus,
} from '@contracts/api/journal';
import type { CardRecord, CardStore } from '../records/card-store';
import type { ServerConfig } from '../config';
import type { Store } from '../db/store';
import { HttpError, notFound } from '../http/errors';
import { addressKey, rateLimited, type BruteForceLimits } from '../http/rate-limit';
import { declareInput } from '../http/route-docs';
import { validate } from '../http/validate';
import { PIN_ATTEMPT_WINDOW_MS, PinAttempts } from './pin-attempts';
import { siteUrlSchema } from '../my-journal/journal-schemas';
import { sendStylesheet, sitePage, sitePageRoutes, siteRoute } from './site-page';
import {
  findSite,
  isSiteUrl,
  publishedSite,
  stylesheetOf,
  type SiteLookup,
} from './published-site';
import { recordedRouter } from '../http/route-table';

export interface JournalSiteRouterOptions {
  store: Store;
  config: ServerConfig;
  /** The imported cards (ImportService.cards). */
  cards: CardStore;
  now?: () => number;
  /** Where the balance-check limit registers how it clears one caller. */
  limits?: BruteForceLimits;
}

const routeOf = (build: (siteUrl: string) => string) => siteRoute(build, 'siteUrl');

const siteParams = z.object({ siteUrl: siteUrlSchema });

const balanceBody = z.object({
  cardNumber: z
    .string()
    .regex(JOURNAL_SITE_CARD_RULES.cardNumber.pattern, JOURNAL_SITE_TEXT.cardNumberInvalid),
  pin: z.string().regex(JOURNAL_SITE_CARD_RULES.pin.pattern, JOURNAL_SITE_TEXT.pinInvalid),
});

/** 404 with the text the site page shows: no such site, or not published. */
function siteMissing(lookup: Exclude<SiteLookup, { kind: 'published' }>): HttpError {
  return notFound(
    lookup.kind === 'unpublished' ? JOURNAL_SITE_TEXT.notPublished : JOURNAL_SITE_TEXT.unknownSite,
  );
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** `•••• 1234`: the answer never repeats the whole number. */
const maskCardNumber = (cardNumber: string) => `\u2022\u2022\u2022\u2022 ${cardNumber.slice(-4)}`;

function statusOf(card: CardRecord, today: string): BalanceCardStatus {
  if (card.status === 'blocked') return 'blocked';
  // yyyy-MM-dd compares as text; a card is good through its expiry day.
  return card.expiryDate !== null && card.expiryDate < today ? 'expired' : 'active';
}

export function createJournalSiteRouter({
  store,
  config,
  cards,
  now = Date.now,
  limits,
}: JournalSiteRouterOptions): Router {
  const router = recordedRouter();
  const attempts = new PinAttempts({ limit: config.cardPinAttempts, now });

  router.get(
    sitePageRoutes(JOURNAL_SITE_PATHS.page),
    sitePage(config.clientDir, JOURNAL_SITE_PATHS.page),
  );

  router.get(routeOf(JOURNAL_SITE_PATHS.site), validate({ params: siteParams }), (req, res) => {
    const data = store.read();
    const lookup = findSite(data, req.params.siteUrl);
    if (lookup.kind !== 'published') throw siteMissing(lookup);
    // Publishing and unpublishing take effect at once; the ETag still saves the bytes.
    res.set('Cache-Control', 'no-cache').json(publishedSite(data, lookup.profile, config.urlBase));
  });

  // The site URL is checked by hand (a stylesheet answer, empty, for any other); declared.
  router.get(
    routeOf(JOURNAL_SITE_PATHS.stylesheet),
    declareInput({ params: siteParams }, (req, res) => {
      const { siteUrl } = req.params;
      const lookup =
        typeof siteUrl === 'string' && isSiteUrl(siteUrl)
          ? findSite(store.read(), siteUrl)
          : undefined;
      sendStylesheet(res, lookup?.kind === 'published' ? stylesheetOf(lookup.profile) : undefined);
    }),
  );

  const balanceStore = new MemoryStore();
  const balanceLimit = rateLimit({
    store: balanceStore,
    windowMs: PIN_ATTEMPT_WINDOW_MS,
    limit: config.balanceRateLimit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // The key does go through ipKeyGenerator (addressKey); the library cannot see that.
    validate: { keyGeneratorIpFallback: false },
    keyGenerator: (req) => addressKey(req.ip),
    handler: (_req, res) => {
      res.status(429).json(rateLimited(JOURNAL_SITE_TEXT.tooManyAttempts));
    },
  });
  limits?.add((address) => balanceLimit.resetKey(address));
  limits?.addUseUp('balance', async (address) => {
    for (let hits = 0; hits < config.balanceRateLimit; hits += 1) {
      const { totalHits } = await balanceStore.increment(address);
      if (totalHits >= config.balanceRateLimit) return;
    }
  });

  router.post(
    routeOf(JOURNAL_SITE_PATHS.balance),
    noStore,
    balanceLimit,
    validate({ params: siteParams, body: balanceBody }),
    async (req, res) => {
      const { siteUrl } = req.params;
      const { cardNumber, pin } = req.body;
      const lookup = findSite(store.read(), siteUrl);
      if (lookup.kind !== 'published') throw siteMissing(lookup);
      const { programId } = lookup.profile;

      const key = `${programId}|${cardNumber}`;
      if (attempts.isLocked(key)) {
        throw new HttpError(429, ERROR_CODE.RATE_LIMITED, JOURNAL_SITE_TEXT.tooManyAttempts);
      }
      // An unknown card and a wrong PIN are one answer, counted alike: the answer never
      // confirms that a card number exists.
      const card = await cards.findWithPin(programId, cardNumber, pin);
      if (card === undefined) {
        attempts.recordFailure(key);
        throw new HttpError(403, ERROR_CODE.CARD_OR_PIN_WRONG, JOURNAL_SITE_TEXT.cardOrPinWrong);
      }
      attempts.recordSuccess(key);

      const answer: BalanceAnswer = {
        maskedCardNumber: maskCardNumber(card.cardNumber),
        balanceCents: card.balanceCents,
        currency: card.currency,
        expiryDate: card.expiryDate,
        status: statusOf(card, new Date(now()).toISOString().slice(0, 10)),
      };
      res.json(answer);
    },
  );

  return router;
}

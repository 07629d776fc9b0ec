import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList, Program } from '@contracts/api/entities';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { API_PATHS } from '@contracts/api/paths';
import {
  SCHEME_EMBEDDED,
  SCHEME_LIMITS,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  type Scheme,
} from '@contracts/api/schemes';
import { verifyPassword } from '../../../server/auth/passwords';
import { buildScheme, buildSchemeInput } from '../../support/builders';
import {
  createSchemeTestApp,
  expectError,
  SCRIPT,
  TEST_CLIENTS,
  TEST_SCHEMES,
  type SchemeTestApp,
} from './core-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

describe('schemes', () => {
  let t: SchemeTestApp;
  beforeEach(async () => {
    t = await createSchemeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const list = async (query = '') => {
    const response = await t.get(`${SCHEME_PATHS.schemes}${query}`).expect(200);
    return (response.body as EmbeddedList<'programs', Scheme>)._embedded[SCHEME_EMBEDDED.schemes];
  };
  const create = (body: unknown) => t.post(`${SCHEME_PATHS.schemes}?returnBody=true`, body);
  const update = (id: number | string, body: unknown) =>
    t.put(`${SCHEME_PATHS.scheme(id)}?returnBody=true`, body);

  describe('reading', () => {
    it('lists schemes by program type as embedded `programs`', async () => {
      expect(await list('?programTypeId=1')).toEqual([TEST_SCHEMES.gift]);
      expect(await list('?programTypeId=3')).toEqual([TEST_SCHEMES.loyalty]);
      expect(await list()).toEqual([TEST_SCHEMES.gift, TEST_SCHEMES.loyalty]);
    });

    it('keeps only schemes of known clients', async () => {
      await t.close();
      t = await createSchemeTestApp((data) => {
        data.programs.push(buildScheme({ programId: 3, clientId: 77 }));
      });
      expect((await list('?programTypeId=1')).map((s) => s.programId)).toEqual([1]);
    });

    it('reads one scheme; an unknown one is 404 and a bad type 400', async () => {
      await t.get(SCHEME_PATHS.scheme(2)).expect(200, TEST_SCHEMES.loyalty);
      expectError(await t.get(SCHEME_PATHS.scheme(99)), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: MESSAGE.schemeNotFound(99),
      });
      expectError(
        await t.get(`${SCHEME_PATHS.schemes}?programTypeId=2`),
        400,
        invalid(`programTypeId: ${MESSAGE.programType}`),
      );
    });
  });

  describe('creating', () => {
    it('creates a scheme with status 1, answering it with programId and never the password', async () => {
      const response = await create(buildSchemeInput({ schemeName: 'Brand New' })).expect(201);
      const scheme = response.body as Scheme;
      expect(scheme).toEqual(
        buildScheme({
          programId: 3,
          schemeName: 'Brand New',
          clientName: TEST_CLIENTS.transactor.clientName,
          schemeStatus: 1,
        }),
      );
      expect(JSON.stringify(scheme)).not.toContain('Secret#123');
      expect(await list('?programTypeId=1')).toContainEqual(scheme);

      const stored = (await t.dataFile()).programs.find((p) => p.programId === 3);
      expect(stored?.poweruserPasswordHash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(stored)).not.toContain('Secret#123');
      await expect(verifyPassword('Secret#123', stored?.poweruserPasswordHash ?? '')).resolves.toBe(
        true,
      );

      // /programs stays a view of the same store.
      const programs = await t.get(API_PATHS.program(3)).expect(200);
      expect(programs.body).toMatchObject<Partial<Program>>({
        programId: 3,
        name: 'Brand New',
        clientId: 1,
      });
    });

    it('answers {programId} without returnBody', async () => {
      const response = await t.post(SCHEME_PATHS.schemes, buildSchemeInput()).expect(201);
      expect(response.body).toEqual({ programId: 3 });
    });

    const bad: [string, Record<string, unknown>, string][] = [
      ['a missing scheme name', { schemeName: undefined }, 'schemeName: This field is required'],
      ['an empty scheme name', { schemeName: '' }, 'schemeName: This field is required'],
      ['a blank scheme name', { schemeName: '   ' }, 'schemeName: This field is required'],
      ['a blank short name', { schemeShortName: '  ' }, 'schemeShortName: This field is required'],
      [
        'an oversize scheme name',
        { schemeName: 'a'.repeat(51) },
        `schemeName: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'script in the scheme name',
        { schemeName: SCRIPT },
        `schemeName: ${FIELD_MESSAGES.alphaNumOnly}`,
      ],
      ['a scheme name as number', { schemeName: 12 }, 'schemeName: Expected a string'],
      [
        'digits in the short name',
        { schemeShortName: 'ABC1' },
        `schemeShortName: ${FIELD_MESSAGES.alphaOnly}`,
      ],
      [
        'a 7-letter short name',
        { schemeShortName: 'ABCDEFG' },
        `schemeShortName: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a 4-letter abbreviation',
        { schemeAbbreviation: 'ABCD' },
        `schemeAbbreviation: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'no abbreviation',
        { schemeAbbreviation: '' },
        `schemeAbbreviation: ${FIELD_MESSAGES.required}`,
      ],
      [
        'script in the abbreviation',
        { schemeAbbreviation: '<b>' },
        `schemeAbbreviation: ${FIELD_MESSAGES.alphaOnly}`,
      ],
      ['no power user login', { poweruserLogin: '' }, 'poweruserLogin: This field is required'],
      [
        'a blank power user login',
        { poweruserLogin: '   ' },
        'poweruserLogin: This field is required',
      ],
      ['script in the login', { poweruserLogin: SCRIPT }, `poweruserLogin: ${MESSAGE.noMarkup}`],
      [
        'no password',
        { poweruserPassword: undefined },
        'poweruserPassword: This field is required',
      ],
      [
        'a 16-character password',
        { poweruserPassword: 'x'.repeat(16) },
        `poweruserPassword: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a blank password',
        { poweruserPassword: '   ', poweruserPasswordRepeat: '   ' },
        'poweruserPassword: This field is required',
      ],
      [
        'no repeat',
        { poweruserPasswordRepeat: '' },
        'poweruserPasswordRepeat: This field is required',
      ],
      [
        'a 16-character repeat',
        { poweruserPasswordRepeat: 'x'.repeat(SCHEME_LIMITS.password + 1) },
        `poweruserPasswordRepeat: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a different repeat',
        { poweruserPasswordRepeat: 'Other' },
        `poweruserPasswordRepeat: ${FIELD_MESSAGES.areEqual}`,
      ],
      [
        'script in an address line',
        { address2: SCRIPT },
        `address2: ${FIELD_MESSAGES.alphaNumOnly}`,
      ],
      [
        'an oversize address line',
        { address1: 'a'.repeat(101) },
        `address1: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['an oversize suburb', { suburb: 'a'.repeat(51) }, `suburb: ${FIELD_MESSAGES.maxlength}`],
      [
        'an oversize city',
        { city: 'a'.repeat(SCHEME_LIMITS.city + 1) },
        `city: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'an oversize postcode',
        { postcode: '1'.repeat(21) },
        `postcode: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['no country', { countryId: undefined }, 'countryId: This field is required'],
      [
        'an unknown country',
        { countryId: 999 },
        `countryId: ${MESSAGE.notExisting('Country', 999)}`,
      ],
      ['a country as text', { countryId: '1' }, 'countryId: Expected a number'],
      ['a state of another country', { stateId: 9 }, `stateId: ${MESSAGE.stateOfCountry}`],
      ['an unknown state', { stateId: 999 }, `stateId: ${MESSAGE.notExisting('State', 999)}`],
      ['a bad e-mail', { email: 'not-an-email' }, `email: ${FIELD_MESSAGES.email}`],
      ['a blank e-mail', { email: ' ' }, `email: ${FIELD_MESSAGES.required}`],
      ['a blank mobile', { mobile: '  ' }, `mobile: ${FIELD_MESSAGES.required}`],
      [
        'an oversize e-mail',
        { email: `${'a'.repeat(45)}@x.example` },
        `email: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['a bad website', { website: 'javascript:alert(1)' }, `website: ${FIELD_MESSAGES.url}`],
      [
        'script in the website',
        { website: `https://x.example/${SCRIPT.replace(/ /g, '')}` },
        `website: ${MESSAGE.noMarkup}`,
      ],
      [
        'an oversize website',
        { website: `www.${'a'.repeat(SCHEME_LIMITS.website - 'www..example'.length + 1)}.example` },
        `website: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['letters in the mobile', { mobile: '04123abc' }, `mobile: ${FIELD_MESSAGES.numOnly}`],
      [
        'an oversize mobile',
        { mobile: '1'.repeat(SCHEME_LIMITS.mobile + 1) },
        `mobile: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['no landline', { landline: '' }, `landline: ${FIELD_MESSAGES.required}`],
      ['a missing landline', { landline: undefined }, `landline: ${FIELD_MESSAGES.required}`],
      ['letters in the landline', { landline: '02 9876' }, `landline: ${FIELD_MESSAGES.numOnly}`],
      [
        'an oversize landline',
        { landline: '1'.repeat(15) },
        `landline: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'no transaction method',
        { transactionMethodsStr: '' },
        `transactionMethodsStr: ${MESSAGE.transactionMethods}`,
      ],
      [
        'an unknown transaction method',
        { transactionMethodsStr: '1,99' },
        `transactionMethodsStr: ${MESSAGE.notExisting('Transaction method', 99)}`,
      ],
      [
        'a bad transaction method list',
        { transactionMethodsStr: '1;2' },
        `transactionMethodsStr: ${MESSAGE.transactionMethodsFormat}`,
      ],
      ['an unknown client', { clientId: 99 }, `clientId: ${MESSAGE.notExisting('Client', 99)}`],
      ['program type 2', { programTypeId: 2 }, `programTypeId: ${MESSAGE.programType}`],
      [
        'an unknown image',
        { buttonImgUrl: 'nope' },
        `buttonImgUrl: ${MESSAGE.notExisting('Image', 'nope')}`,
      ],
      ['an unknown field', { extra: true }, 'extra: Unknown field'],
      [
        'a TAB in the power user login',
        { poweruserLogin: 'power\tuser' },
        `poweruserLogin: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a NUL in the website',
        { website: 'https://shop.example/\u0000' },
        `website: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a line break in an address line',
        { address2: 'Level 2\nSuite 5' },
        `address2: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
    ];
    it.each(bad)(
      'refuses %s with 400 naming the field, writing nothing',
      async (_c, change, message) => {
        await t.expectNothingWritten(async () => {
          expectError(await create(buildSchemeInput(change)), 400, invalid(message));
        });
      },
    );
  });

  describe('updating', () => {
    const {
      programId: _id,
      clientName: _name,
      schemeStatus: _status,
      ...giftFields
    } = TEST_SCHEMES.gift;

    it('updates a scheme, keeping the stored password when none is sent', async () => {
      await create(buildSchemeInput()).expect(201);
      const hashBefore = (await t.dataFile()).programs.find(
        (p) => p.programId === 3,
      )?.poweruserPasswordHash;
      const response = await update(3, { ...giftFields, schemeName: 'Renamed' }).expect(200);
      expect(response.body).toMatchObject({ programId: 3, schemeName: 'Renamed', schemeStatus: 1 });
      const stored = (await t.dataFile()).programs.find((p) => p.programId === 3);
      expect(stored?.poweruserPasswordHash).toBe(hashBefore);
    });

    it('saves and creates a scheme of a client whose stored name holds a TAB, sent back as read', async () => {
      const legacy = 'Legacy\tClient';
      await t.store.update((data) => {
        const client = data.clients.find((c) => c.clientId === TEST_SCHEMES.gift.clientId);
        if (client) client.clientName = legacy;
      });
      await update(1, { ...giftFields, clientName: legacy, schemeName: 'Renamed' }).expect(200);
      const created = await create(
        buildSchemeInput({ clientId: TEST_SCHEMES.gift.clientId, clientName: legacy }),
      ).expect(201);
      expect(created.body).toMatchObject({ clientName: legacy });
    });

    it('changes the password when sent with its repeat', async () => {
      await update(1, {
        ...giftFields,
        poweruserPassword: 'New1',
        poweruserPasswordRepeat: 'New1',
      }).expect(200);
      const stored = (await t.dataFile()).programs.find((p) => p.programId === 1);
      await expect(verifyPassword('New1', stored?.poweruserPasswordHash ?? '')).resolves.toBe(true);
    });

    it('refuses blank required text and a blank password on update, writing nothing', async () => {
      await t.expectNothingWritten(async () => {
        expectError(
          await update(1, { ...giftFields, schemeName: '   ' }),
          400,
          invalid(`schemeName: ${FIELD_MESSAGES.required}`),
        );
        expectError(
          await update(1, { ...giftFields, poweruserLogin: ' ' }),
          400,
          invalid(`poweruserLogin: ${FIELD_MESSAGES.required}`),
        );
        expectError(
          await update(1, { ...giftFields, poweruserPassword: ' ', poweruserPasswordRepeat: ' ' }),
          400,
          invalid(`poweruserPassword: ${FIELD_MESSAGES.required}`),
        );
      });
    });

    it('saves a scheme whose stored login holds a TAB; a new login with one is refused', async () => {
      const legacy = 'legacy\tlogin';
      await t.close();
      t = await createSchemeTestApp((data) => {
        data.programs = [{ ...TEST_SCHEMES.gift, poweruserLogin: legacy }, TEST_SCHEMES.loyalty];
      });
      const response = await update(1, {
        ...giftFields,
        poweruserLogin: legacy,
        schemeName: 'Renamed',
      }).expect(200);
      expect(response.body).toMatchObject({ poweruserLogin: legacy, schemeName: 'Renamed' });
      await t.expectNothingWritten(async () => {
        expectError(
          await update(1, { ...giftFields, poweruserLogin: 'new\tlogin' }),
          400,
          invalid(`poweruserLogin: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
      });
    });

    it('never lowers the status of a scheme further on', async () => {
      await t.close();
      t = await createSchemeTestApp((data) => {
        data.programs = [{ ...TEST_SCHEMES.gift, schemeStatus: 5 }, TEST_SCHEMES.loyalty];
      });
      const response = await update(1, giftFields).expect(200);
      expect(response.body).toMatchObject({ schemeStatus: 5 });
    });

    it('takes status 3 (Stores & Devices done) from the body only once the configuration is saved', async () => {
      await t.close();
      t = await createSchemeTestApp((data) => {
        data.programs = [
          { ...TEST_SCHEMES.gift, schemeStatus: 2 },
          { ...TEST_SCHEMES.loyalty, schemeStatus: 1 },
        ];
      });
      const {
        programId: _l,
        clientName: _c,
        schemeStatus: _s,
        ...loyaltyFields
      } = TEST_SCHEMES.loyalty;
      const configured = await update(1, { ...giftFields, schemeStatus: 3 }).expect(200);
      expect(configured.body).toMatchObject({ schemeStatus: 3 });
      // Without a configuration, and any other status asked for, the body's status is ignored.
      const unconfigured = await update(TEST_SCHEMES.loyalty.programId, {
        ...loyaltyFields,
        schemeStatus: 3,
      }).expect(200);
      expect(unconfigured.body).toMatchObject({ schemeStatus: 1 });
      const skipping = await update(1, { ...giftFields, schemeStatus: 5 }).expect(200);
      expect(skipping.body).toMatchObject({ schemeStatus: 3 });
    });

    it('answers 404 for an unknown scheme and refuses a changed client or program type', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await update(99, giftFields), 404, {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: MESSAGE.schemeNotFound(99),
        });
        expectError(
          await update(1, { ...giftFields, programTypeId: 3 }),
          400,
          invalid(`programTypeId: ${MESSAGE.programTypeFixed}`),
        );
        expectError(
          await update(1, { ...giftFields, clientId: 2 }),
          400,
          invalid(`clientId: ${MESSAGE.clientFixed}`),
        );
        expectError(
          await update(1, { ...giftFields, poweruserPassword: 'only-one' }),
          400,
          invalid('poweruserPasswordRepeat: This field is required'),
        );
        expectError(
          await update(1, { ...giftFields, mobile: 'abc' }),
          400,
          invalid(`mobile: ${FIELD_MESSAGES.numOnly}`),
        );
      });
    });
  });
});

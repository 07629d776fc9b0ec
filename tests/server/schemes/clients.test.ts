import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  CLIENT_CARD_BIN_DEFAULTS,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  SCHEME_TEXT,
  type CardBin,
  type Client,
  type ClientAnswer,
} from '@contracts/api/schemes';
import { buildGiftConfig } from '../../support/builders';
import {
  createSchemeTestApp,
  expectError,
  SCRIPT,
  TEST_CLIENTS,
  type SchemeTestApp,
} from './core-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

describe('scheme clients', () => {
  let t: SchemeTestApp;
  beforeEach(async () => {
    t = await createSchemeTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (body: unknown) => t.post(`${SCHEME_PATHS.clients}?returnBody=true`, body);
  const update = (id: number | string, body: unknown) =>
    t.put(`${SCHEME_PATHS.client(id)}?returnBody=true`, body);
  const international = {
    clientName: 'New International',
    binTypeId: 1,
    binNumber: '612345',
    binName: 'New Intl BIN',
    binCountryId: null,
  };

  it('lists the clients as embedded `clients`', async () => {
    const response = await t.get(SCHEME_PATHS.clients).expect(200);
    const body = response.body as EmbeddedList<'clients', Client>;
    expect(body._embedded.clients).toEqual([TEST_CLIENTS.transactor, TEST_CLIENTS.local]);
  });

  it('reads one client, and a missing one is 404 "Can not find client"', async () => {
    await t.get(SCHEME_PATHS.client(2)).expect(200, TEST_CLIENTS.local);
    expectError(await t.get(SCHEME_PATHS.client(99)), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_TEXT.clientNotFound,
    });
  });

  it('creates a transactor client answering {status, data}, clearing BIN fields', async () => {
    const response = await create({
      clientName: 'New Transactor',
      binTypeId: 0,
      binNumber: '123456',
      binName: 'ignored',
    }).expect(201);
    const answer = response.body as ClientAnswer;
    expect(answer).toEqual({
      status: 201,
      data: {
        clientId: 3,
        clientName: 'New Transactor',
        binTypeId: 0,
        binNumber: null,
        binName: null,
        binCountryId: null,
      },
    });
    const list = await t.get(SCHEME_PATHS.clients).expect(200);
    expect((list.body as EmbeddedList<'clients', Client>)._embedded.clients).toContainEqual(
      answer.data,
    );
  });

  it('creates an international client and a card BIN of its number', async () => {
    const response = await create(international).expect(201);
    expect((response.body as ClientAnswer).data).toMatchObject({ binNumber: '612345' });
    const bins = (await t.get(SCHEME_PATHS.bins).expect(200)).body as EmbeddedList<'bins', CardBin>;
    expect(bins._embedded.bins).toContainEqual({
      id: 4,
      number: '612345',
      name: 'New Intl BIN',
      ...CLIENT_CARD_BIN_DEFAULTS[1],
      flInternal: 0,
    });
  });

  it('answers {clientId} without returnBody', async () => {
    const response = await t.post(SCHEME_PATHS.clients, international).expect(201);
    expect(response.body).toEqual({ clientId: 3 });
  });

  it('updates a client answering {status: 200, data}', async () => {
    const response = await update(1, {
      ...TEST_CLIENTS.transactor,
      clientName: 'Renamed Client',
    }).expect(200);
    expect(response.body).toEqual({
      status: 200,
      data: { ...TEST_CLIENTS.transactor, clientName: 'Renamed Client' },
    });
    const scheme = await t.get(SCHEME_PATHS.scheme(1)).expect(200);
    expect(scheme.body).toMatchObject({ clientName: 'Renamed Client' });
  });

  it('answers 404 "Can not find client" for an update of a missing client', async () => {
    await t.expectNothingWritten(async () => {
      expectError(await update(99, international), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_TEXT.clientNotFound,
      });
    });
  });

  it.each([
    ['missing name', { binTypeId: 0 }, 'clientName: This field is required'],
    ['empty name', { clientName: '', binTypeId: 0 }, 'clientName: This field is required'],
    ['blank name', { clientName: '   ', binTypeId: 0 }, 'clientName: This field is required'],
    [
      'name of white space of every kind',
      { clientName: '\t\n\u00a0\u2003', binTypeId: 0 },
      'clientName: This field is required',
    ],
    [
      'oversize name',
      { clientName: 'x'.repeat(101), binTypeId: 0 },
      `clientName: ${FIELD_MESSAGES.maxlength}`,
    ],
    ['script in name', { clientName: SCRIPT, binTypeId: 0 }, `clientName: ${MESSAGE.noMarkup}`],
    [
      'a lone surrogate in the name',
      { clientName: 'Sur\ud800', binTypeId: 0 },
      `clientName: ${TEXT_INPUT_MESSAGE.malformed}`,
    ],
    [
      'a lone surrogate in the BIN name',
      { ...international, binName: '\udc00BIN' },
      `binName: ${TEXT_INPUT_MESSAGE.malformed}`,
    ],
    [
      'a TAB in the name',
      { clientName: 'Tab\tClient', binTypeId: 0 },
      `clientName: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
    ],
    [
      'a C1 control (NEL) in the name',
      { clientName: 'Next\u0085Line', binTypeId: 0 },
      `clientName: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
    ],
    [
      'a NUL in the BIN name',
      { ...international, binName: 'BIN\u0000' },
      `binName: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
    ],
    ['name as number', { clientName: 5, binTypeId: 0 }, 'clientName: Expected a string'],
    ['unknown BIN type', { clientName: 'A', binTypeId: 3 }, `binTypeId: ${MESSAGE.binType}`],
    ['BIN type as text', { clientName: 'A', binTypeId: '1' }, `binTypeId: ${MESSAGE.binType}`],
    [
      'international without number',
      { ...international, binNumber: null },
      'binNumber: This field is required',
    ],
    [
      'international with 9 digits',
      { ...international, binNumber: '612345678' },
      `binNumber: ${MESSAGE.binNumberLength(6)}`,
    ],
    [
      'local with 6 digits',
      { ...international, binTypeId: 2, binNumber: '612345', binCountryId: 1 },
      `binNumber: ${MESSAGE.binNumberLength(9)}`,
    ],
    [
      'BIN number with letters',
      { ...international, binNumber: '61234a' },
      `binNumber: ${FIELD_MESSAGES.numOnly}`,
    ],
    ['BIN without name', { ...international, binName: '' }, 'binName: This field is required'],
    ['blank BIN name', { ...international, binName: '  ' }, 'binName: This field is required'],
    [
      'blank BIN number',
      { ...international, binNumber: '      ' },
      'binNumber: This field is required',
    ],
    ['script in BIN name', { ...international, binName: SCRIPT }, `binName: ${MESSAGE.noMarkup}`],
    [
      'local without country',
      { ...international, binTypeId: 2, binNumber: '612345678' },
      'binCountryId: This field is required',
    ],
    [
      'local with unknown country',
      { ...international, binTypeId: 2, binNumber: '612345678', binCountryId: 999 },
      `binCountryId: ${MESSAGE.notExisting('Country', 999)}`,
    ],
    ['unknown field', { ...international, extra: 1 }, 'extra: Unknown field'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_case, body, message) => {
    await t.expectNothingWritten(async () => {
      expectError(await create(body), 400, invalid(message));
      expectError(await update(1, body), 400, invalid(message));
    });
  });

  it('refuses a second client of the same name with 409', async () => {
    await t.expectNothingWritten(async () => {
      expectError(await create({ clientName: 'test local client', binTypeId: 0 }), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `clientName: ${MESSAGE.clientNameTaken('test local client')}`,
      });
    });
  });

  it.each(['Test Local Client ', ' test local client', 'Test \u00a0Local Client'])(
    'refuses %j, a name that differs from a client only by white space, with 409',
    async (clientName) => {
      await t.expectNothingWritten(async () => {
        const conflict = {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: `clientName: ${MESSAGE.clientNameTaken(clientName)}`,
        };
        expectError(await create({ clientName, binTypeId: 0 }), 409, conflict);
        expectError(await update(1, { clientName, binTypeId: 0 }), 409, conflict);
      });
    },
  );

  it('stores a name as sent, spaces included, when no other client reads the same', async () => {
    const response = await create({ clientName: ' Spaced  Out ', binTypeId: 0 }).expect(201);
    expect((response.body as ClientAnswer).data.clientName).toBe(' Spaced  Out ');
    // Its own name, as it reads, is not another client's.
    await update(2, { ...TEST_CLIENTS.local, clientName: 'Test Local Client ' }).expect(200);
  });

  it('saves a client whose stored name holds a TAB, and refuses a new name with one', async () => {
    const legacy = 'Legacy\tClient';
    await t.close();
    t = await createSchemeTestApp((data) => {
      const local = data.clients.find((client) => client.clientId === 2);
      if (local) local.clientName = legacy;
    });
    const saved = await update(2, {
      ...TEST_CLIENTS.local,
      clientName: legacy,
      binName: 'New BIN',
    });
    expect(saved.status).toBe(200);
    expect((saved.body as ClientAnswer).data).toMatchObject({
      clientName: legacy,
      binName: 'New BIN',
    });
    await t.expectNothingWritten(async () => {
      expectError(
        await update(2, { ...TEST_CLIENTS.local, clientName: `${legacy}\t` }),
        400,
        invalid(`clientName: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
      );
      // A stored text is kept by its record only: a new client cannot take it.
      expectError(
        await create({ clientName: 'Other', binTypeId: 1, binNumber: '612345', binName: legacy }),
        400,
        invalid(`binName: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
      );
    });
  });

  it('refuses a BIN change once a scheme of the client has a configuration', async () => {
    await t.close();
    t = await createSchemeTestApp((data) => {
      data.configurations = [buildGiftConfig({ programId: 1 })];
    });
    await t.expectNothingWritten(async () => {
      expectError(await update(1, international), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `binTypeId: ${MESSAGE.binLocked}`,
      });
    });
    await update(1, { ...TEST_CLIENTS.transactor, clientName: 'Still Transactor' }).expect(200);
  });

  it('answers 400 for a malformed id and a bad returnBody', async () => {
    expectError(
      await t.get(SCHEME_PATHS.client('abc')),
      400,
      invalid('id: Must be a whole number'),
    );
    expectError(
      await t.post(`${SCHEME_PATHS.clients}?returnBody=yes`, international),
      400,
      invalid(`returnBody: ${MESSAGE.returnBody}`),
    );
  });
});

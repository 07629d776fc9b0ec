import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList, LookupItem } from '@contracts/api/entities';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_FINANCE_MESSAGE,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE,
  type LiabilityReportConfig,
} from '@contracts/api/schemes';
import { buildLiabilityReportConfig } from '../../support/builders';
import {
  createFinanceTestApp,
  expectError,
  GIFT,
  LOYALTY,
  SCRIPT,
  UNKNOWN_ID,
  type FinanceTestApp,
} from './finance-test-app';

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
const SAVE_PATH = `${SCHEME_PATHS.liability}?returnBody=true`;

describe('liability reports', () => {
  let t: FinanceTestApp;
  beforeEach(async () => {
    t = await createFinanceTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const liability = (overrides: Partial<LiabilityReportConfig> = {}) =>
    buildLiabilityReportConfig({ programId: GIFT.programId, ...overrides });
  const create = (body: unknown) => t.post(SAVE_PATH, body);
  const update = (body: unknown) => t.put(SAVE_PATH, body);
  const read = (programId: number | string) =>
    t.get(`${SCHEME_PATHS.liability}?programId=${programId}`);

  it('lists the frequencies and the scheduler functions under their embedded names', async () => {
    const data = await t.dataFile();
    const frequencies = await t.get(SCHEME_PATHS.liabilityFrequency).expect(200);
    expect((frequencies.body as EmbeddedList<'gplFrequency', LookupItem>)._embedded).toEqual({
      gplFrequency: data.liabilityFrequencies,
    });
    const schedulers = await t.get(SCHEME_PATHS.liabilitySchedulerFunction).expect(200);
    expect((schedulers.body as EmbeddedList<'schedulerFunctions', LookupItem>)._embedded).toEqual({
      schedulerFunctions: data.schedulerFunctions,
    });
  });

  it('answers 404 for a scheme without a report or an unknown scheme, 400 for a bad programId', async () => {
    expectError(await read(GIFT.programId), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_FINANCE_MESSAGE.liabilityNotFound(GIFT.programId),
    });
    expectError(await read(UNKNOWN_ID), 404, {
      errorCode: ERROR_CODE.NOT_FOUND,
      errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
    });
    expectError(await read('x'), 400, invalid(`programId: ${SCHEME_SERVER_MESSAGE.wholeNumber}`));
    expectError(
      await t.get(SCHEME_PATHS.liability),
      400,
      invalid(`programId: ${FIELD_MESSAGES.required}`),
    );
  });

  it('creates a report in frequency mode with 200, active, and reads it back', async () => {
    const sent = liability({
      emailRecipient: 'a@shop.example, b@shop.example',
      emailCC: 'c@shop.example',
      emailBCC: '',
      flActive: 0,
    });
    const response = await create(sent);
    expect(response.status).toBe(200);
    const expected = {
      ...sent,
      emailRecipient: 'a@shop.example,b@shop.example',
      emailBCC: null,
      flActive: 1,
    };
    expect(response.body).toEqual(expected);
    expect((await read(GIFT.programId).expect(200)).body).toEqual(expected);
    expect((await t.dataFile()).liabilityReportConfigs).toEqual([expected]);
  });

  it('stores a subject of any printable text as sent', async () => {
    const emailSubject = ' Rapport \u00e9t\u00e9 \u2013 \u{1f4b3} ';
    const response = await create(liability({ emailSubject })).expect(200);
    expect(response.body).toMatchObject({ emailSubject });
    expect((await t.dataFile()).liabilityReportConfigs).toMatchObject([{ emailSubject }]);
  });

  it('saves a report whose stored subject holds a C1 control; a new one is refused', async () => {
    const legacy = 'Owner\u0092s report';
    await create(liability()).expect(200);
    await t.store.update((data) => {
      const [report] = data.liabilityReportConfigs;
      if (report) report.emailSubject = legacy;
    });
    const stored = (await read(GIFT.programId).expect(200)).body as LiabilityReportConfig;
    const response = await update({ ...stored, groupingHorizon: 6 }).expect(200);
    expect(response.body).toMatchObject({ emailSubject: legacy, groupingHorizon: 6 });
    await t.expectNothingWritten(async () => {
      expectError(
        await update({ ...stored, emailSubject: `${legacy}!` }),
        400,
        invalid(`emailSubject: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
      );
    });
  });

  it('answers the programId without returnBody=true', async () => {
    const response = await t.post(SCHEME_PATHS.liability, liability()).expect(200);
    expect(response.body).toEqual({ programId: GIFT.programId });
  });

  it('updates a report to scheduler mode; a grouping horizon may come as digits', async () => {
    await create(liability()).expect(200);
    const changed = {
      ...liability({ frequency: null, nextExecutionDate: null, schedulerFunction: 2 }),
      groupingHorizon: '12',
    };
    const response = await update(changed).expect(200);
    expect(response.body).toEqual({ ...changed, groupingHorizon: 12 });
    expect((await read(GIFT.programId)).body).toEqual(response.body);
  });

  it('refuses a second report for a scheme, and updating a missing one or an unknown scheme', async () => {
    await create(liability()).expect(200);
    await t.expectNothingWritten(async () => {
      expectError(await create(liability()), 409, {
        errorCode: ERROR_CODE.CONFLICT,
        errorMessage: `programId: ${SCHEME_FINANCE_MESSAGE.liabilityExists}`,
      });
      expectError(await update(liability({ programId: LOYALTY.programId })), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_FINANCE_MESSAGE.liabilityNotFound(LOYALTY.programId),
      });
      expectError(await update(liability({ programId: UNKNOWN_ID })), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
      });
      expectError(await create(liability({ programId: UNKNOWN_ID })), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: SCHEME_SERVER_MESSAGE.schemeNotFound(UNKNOWN_ID),
      });
    });
  });

  describe('refuses bad input naming the field, with nothing written', () => {
    const scheduler = { frequency: null, nextExecutionDate: null, schedulerFunction: 1 };
    const cases: [string, Record<string, unknown>, string][] = [
      ['no recipient', { emailRecipient: '' }, `emailRecipient: ${FIELD_MESSAGES.required}`],
      [
        'a missing recipient',
        { emailRecipient: undefined },
        `emailRecipient: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a bad recipient among good ones',
        { emailRecipient: 'a@shop.example,not-an-address' },
        `emailRecipient: ${FIELD_MESSAGES.email}`,
      ],
      [
        'an empty item in the list',
        { emailRecipient: 'a@shop.example,' },
        `emailRecipient: ${FIELD_MESSAGES.email}`,
      ],
      ['script as a CC', { emailCC: SCRIPT }, `emailCC: ${FIELD_MESSAGES.email}`],
      ['a bad BCC', { emailBCC: 'x@y' }, `emailBCC: ${FIELD_MESSAGES.email}`],
      [
        'an oversize recipient list',
        { emailRecipient: `${'a'.repeat(2000)}@shop.example` },
        `emailRecipient: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a recipient list as an array',
        { emailRecipient: ['a@shop.example'] },
        'emailRecipient: Expected a string',
      ],
      ['no subject', { emailSubject: '' }, `emailSubject: ${FIELD_MESSAGES.required}`],
      ['a blank subject', { emailSubject: '   ' }, `emailSubject: ${FIELD_MESSAGES.required}`],
      ['a blank recipient', { emailRecipient: '  ' }, `emailRecipient: ${FIELD_MESSAGES.required}`],
      [
        'a subject over 32',
        { emailSubject: 's'.repeat(33) },
        `emailSubject: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a line break and a header in the subject',
        { emailSubject: 'hi\r\nBcc: evil@x.example' },
        `emailSubject: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'NUL and a tab in the subject',
        { emailSubject: 'a\u0000b\tc' },
        `emailSubject: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'DEL in the subject',
        { emailSubject: 'a\u007fb' },
        `emailSubject: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a lone surrogate in the subject',
        { emailSubject: 'Report \ud83d' },
        `emailSubject: ${TEXT_INPUT_MESSAGE.malformed}`,
      ],
      [
        'a line break after a recipient',
        { emailRecipient: 'a@shop.example\r\n' },
        `emailRecipient: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a line break in the CC list',
        { emailCC: 'a@shop.example,\nb@shop.example' },
        `emailCC: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a tab in the BCC list',
        { emailBCC: '\ta@shop.example' },
        `emailBCC: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'script in the subject',
        { emailSubject: '<script>x</script>' },
        `emailSubject: ${SCHEME_SERVER_MESSAGE.noMarkup}`,
      ],
      [
        'both modes',
        { schedulerFunction: 1 },
        `schedulerFunction: ${SCHEME_FINANCE_MESSAGE.modesExclusive}`,
      ],
      [
        'neither mode',
        { frequency: null, nextExecutionDate: null },
        `frequency: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a frequency without its date',
        { nextExecutionDate: null },
        `nextExecutionDate: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a date without its frequency',
        { frequency: null },
        `frequency: ${FIELD_MESSAGES.required}`,
      ],
      [
        'an unknown frequency',
        { frequency: 99 },
        `frequency: ${SCHEME_SERVER_MESSAGE.notExisting('Frequency', 99)}`,
      ],
      [
        'an unknown scheduler function',
        { ...scheduler, schedulerFunction: 99 },
        `schedulerFunction: ${SCHEME_SERVER_MESSAGE.notExisting('Scheduler function', 99)}`,
      ],
      [
        'a next execution date as text',
        { nextExecutionDate: '01.12.2026' },
        'nextExecutionDate: Expected a number',
      ],
      [
        'a next execution date with a fraction',
        { nextExecutionDate: 1.5 },
        `nextExecutionDate: ${SCHEME_FINANCE_MESSAGE.epochSeconds}`,
      ],
      [
        'a missing grouping horizon',
        { groupingHorizon: undefined },
        `groupingHorizon: ${FIELD_MESSAGES.required}`,
      ],
      [
        'an empty grouping horizon',
        { groupingHorizon: '' },
        `groupingHorizon: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a grouping horizon of 3 digits',
        { groupingHorizon: 100 },
        `groupingHorizon: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a grouping horizon with letters',
        { groupingHorizon: '1a' },
        `groupingHorizon: ${FIELD_MESSAGES.numOnly}`,
      ],
      [
        'a negative grouping horizon',
        { groupingHorizon: -1 },
        `groupingHorizon: ${FIELD_MESSAGES.numOnly}`,
      ],
      [
        'a grouping horizon as a list',
        { groupingHorizon: [1] },
        `groupingHorizon: ${SCHEME_FINANCE_MESSAGE.groupingHorizon}`,
      ],
      ['flActive of 2', { flActive: 2 }, `flActive: ${SCHEME_SERVER_MESSAGE.flag}`],
      ['an unknown field', { extra: true }, 'extra: Unknown field'],
    ];

    it.each(cases)('%s', async (_name, overrides, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await create({ ...liability(), ...overrides }), 400, invalid(message));
      });
      await create(liability()).expect(200);
      await t.expectNothingWritten(async () => {
        expectError(await update({ ...liability(), ...overrides }), 400, invalid(message));
      });
    });
  });

  it('refuses a bad returnBody and a body that is not JSON, with nothing written', async () => {
    await t.expectNothingWritten(async () => {
      expectError(
        await t.post(`${SCHEME_PATHS.liability}?returnBody=yes`, liability()),
        400,
        invalid(`returnBody: ${SCHEME_SERVER_MESSAGE.returnBody}`),
      );
      const text = await create('emailSubject=x').set('Content-Type', 'text/plain');
      expect(text.status).toBe(415);
    });
  });
});

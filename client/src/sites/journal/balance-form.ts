/**
 * The Login page's balance check: card number and PIN, checked here by the same rules as the
 * server, then sent; the answer shows below the form, an error in an alert region. The PIN
 * field is emptied after every answer, so the PIN does not stay on the page.
 */
import { ERROR_CODE } from '@contracts/api/constants';
import {
  JOURNAL_SITE_CARD_RULES,
  JOURNAL_SITE_TEXT,
  type BalanceAnswer,
} from '@contracts/api/journal';
import { h, replaceChildren, setAriaState } from '../shared/dom';
import { formatDate, formatMoney } from './format';
import { checkBalance } from './site-api';

const STATUS_NOTE: Record<BalanceAnswer['status'], string | undefined> = {
  active: undefined,
  expired: JOURNAL_SITE_TEXT.cardExpired,
  blocked: JOURNAL_SITE_TEXT.cardBlocked,
};

function field(id: string, label: string, input: HTMLInputElement): HTMLDivElement {
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

function resultOf(answer: BalanceAnswer): Node[] {
  const note = STATUS_NOTE[answer.status];
  return [
    h('h2', { class: 'subTitle' }, JOURNAL_SITE_TEXT.balanceTitle),
    h(
      'p',
      {},
      h('strong', { class: 'balanceAmount' }, formatMoney(answer.balanceCents, answer.currency)),
    ),
    h(
      'dl',
      { class: 'balanceDetails' },
      h('dt', {}, JOURNAL_SITE_TEXT.cardLabel),
      h('dd', {}, answer.maskedCardNumber),
      h('dt', {}, JOURNAL_SITE_TEXT.expiryLabel),
      h(
        'dd',
        {},
        answer.expiryDate === null ? JOURNAL_SITE_TEXT.noExpiry : formatDate(answer.expiryDate),
      ),
    ),
    ...(note === undefined ? [] : [h('p', { class: 'balanceNote' }, note)]),
  ];
}

export function createBalanceForm(siteUrl: string): HTMLElement {
  const { cardNumber: cardRule, pin: pinRule } = JOURNAL_SITE_CARD_RULES;
  const cardInput = h('input', {
    id: 'cardNumber',
    name: 'cardNumber',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    maxlength: String(cardRule.max),
    required: true,
    'aria-describedby': 'balanceMessage',
  });
  const pinInput = h('input', {
    id: 'pin',
    name: 'pin',
    type: 'password',
    inputmode: 'numeric',
    autocomplete: 'off',
    maxlength: String(pinRule.max),
    required: true,
    'aria-describedby': 'balanceMessage',
  });
  const button = h('button', { type: 'submit', class: 'btnPrimary' }, JOURNAL_SITE_TEXT.submit);
  // Both regions exist from the start so screen readers announce what is put in them.
  const message = h('div', { id: 'balanceMessage', class: 'balanceMessage', role: 'alert' });
  const result = h('div', { class: 'balanceResult', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'balanceForm', novalidate: true },
    field('cardNumber', JOURNAL_SITE_TEXT.cardNumberLabel, cardInput),
    field('pin', JOURNAL_SITE_TEXT.pinLabel, pinInput),
    button,
  );

  /**
   * While a check runs the button is `aria-disabled`, not disabled: a disabled button loses the
   * focus, and a keyboard user would start again from the top of the page.
   */
  let busy = false;
  const setBusy = (value: boolean) => {
    busy = value;
    setAriaState(button, 'aria-disabled', value);
    setAriaState(form, 'aria-busy', value);
  };

  /** Shows the error, marks the inputs it is about and focuses the first of them. */
  const showError = (text: string, ...invalid: HTMLInputElement[]) => {
    // Not a <p>: the profile's p rule would override the error's colours.
    replaceChildren(message, h('div', { class: 'balanceError' }, text));
    setAriaState(cardInput, 'aria-invalid', invalid.includes(cardInput));
    setAriaState(pinInput, 'aria-invalid', invalid.includes(pinInput));
    invalid[0]?.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const cardNumber = cardInput.value.trim();
    const pin = pinInput.value.trim();
    replaceChildren(message);
    replaceChildren(result);
    if (!cardRule.pattern.test(cardNumber)) {
      showError(JOURNAL_SITE_TEXT.cardNumberInvalid, cardInput);
      return;
    }
    if (!pinRule.pattern.test(pin)) {
      showError(JOURNAL_SITE_TEXT.pinInvalid, pinInput);
      return;
    }
    setAriaState(cardInput, 'aria-invalid', false);
    setAriaState(pinInput, 'aria-invalid', false);
    setBusy(true);
    void checkBalance(siteUrl, { cardNumber, pin }).then((answer) => {
      setBusy(false);
      pinInput.value = '';
      if (answer.kind === 'balance') {
        replaceChildren(result, ...resultOf(answer.answer));
      } else if (answer.kind === 'failed') {
        showError(JOURNAL_SITE_TEXT.networkError);
      } else if (answer.errorCode === ERROR_CODE.CARD_OR_PIN_WRONG) {
        // Either may be wrong: both are marked; the card number, the first, takes the focus.
        showError(answer.message, cardInput, pinInput);
      } else {
        showError(answer.message);
      }
    });
  });

  return h('section', { class: 'balanceCheck' }, form, message, result);
}

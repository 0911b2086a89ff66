import type { QrProfile } from '../../resources/shared/qr-profiles';

/** A PromptPay profile for baht, as an operator's Thai bank would give it (a tax id as the proxy). */
export const PROMPTPAY_THB: QrProfile = {
  currency: 'THB',
  preset: 'promptpay',
  fields: '02=0105561012345',
  mcc: '4722',
  merchantName: 'Lantern Travel',
  merchantCity: 'Bangkok',
  countryCode: 'TH',
};

/** A VietQR profile for dong: the bank's BIN and the account nested under 01, the service code in 02. */
export const VIETQR_VND: QrProfile = {
  currency: 'VND',
  preset: 'vietqr',
  fields: '01.00=970416; 01.01=257678859; 02=QRIBFTTA',
  mcc: '4722',
  merchantName: 'Lantern Travel',
  merchantCity: 'Ha Noi',
  countryCode: 'VN',
};

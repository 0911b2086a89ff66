/** How money moves: card and BCEL OnePay (QR) online, bank transfer and cash offline. */
export const PAYMENT_METHODS = ['bcel_onepay', 'card', 'bank_transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * A booking sold by a reseller (SPEC §19) is paid on the reseller's account: no money comes in with it; finance
 * collects what the reseller owes. Never a method finance picks by hand nor a customer's.
 */
export const ON_ACCOUNT = 'reseller_account';
/** Every method the ledger and the orders record. */
export const LEDGER_METHODS = [...PAYMENT_METHODS, ON_ACCOUNT] as const;

/** How money moves: card and BCEL OnePay (QR) online, bank transfer and cash offline. */
export const PAYMENT_METHODS = ['bcel_onepay', 'card', 'bank_transfer', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

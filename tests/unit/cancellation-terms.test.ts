/**
 * SPEC §14: the cancellation terms in words, in every locale, from one pure formatter (src/core) that the public
 * service page and the order page share; and the tier that applies a given number of hours before departure.
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import lo from '../../i18n/lo';
import th from '../../i18n/th';
import vi from '../../i18n/vi';
import zh from '../../i18n/zh';
import { cancellationTermsText, tierAt } from '../../src/core/cancellation-terms';
import { createTranslate } from '../../src/client/i18n/translate';

const DEFAULT = [{ hoursBefore: 24, refundPercent: 100 }];
const TIERED = [
  { hoursBefore: 72, refundPercent: 100 },
  { hoursBefore: 48, refundPercent: 50 },
];
const TO_THE_START = [{ hoursBefore: 0, refundPercent: 30 }];
const ONE_HOUR = [{ hoursBefore: 1, refundPercent: 100 }];

describe('cancellation terms in words', () => {
  it('English states each tier, then that nothing comes back after', () => {
    const t = createTranslate(en);
    expect(cancellationTermsText(DEFAULT, t)).toBe(
      'Free cancellation until 24 hours before departure; no refund after',
    );
    expect(cancellationTermsText(TIERED, t)).toBe(
      'Free cancellation until 72 hours before departure; 50 % refund until 48 hours before; no refund after',
    );
    expect(cancellationTermsText(TO_THE_START, t)).toBe('30 % refund until departure');
    expect(cancellationTermsText(ONE_HOUR, t)).toBe('Free cancellation until 1 hour before departure; no refund after');
    expect(cancellationTermsText([], t)).toBe('No refund on cancellation');
    expect(cancellationTermsText([{ hoursBefore: 24, refundPercent: 0 }], t)).toBe('No refund on cancellation');
  });

  it.each([
    ['lo', lo, 'ຍົກເລີກຟຣີຈົນຮອດ 72 ຊົ່ວໂມງກ່ອນອອກເດີນທາງ; ຄືນເງິນ 50 % ຈົນຮອດ 48 ຊົ່ວໂມງກ່ອນ; ຫຼັງຈາກນັ້ນບໍ່ຄືນເງິນ'],
    ['th', th, 'ยกเลิกฟรีจนถึง 72 ชั่วโมงก่อนออกเดินทาง; คืนเงิน 50 % จนถึง 48 ชั่วโมงก่อน; หลังจากนั้นไม่คืนเงิน'],
    ['vi', vi, 'Hủy miễn phí đến 72 giờ trước khi khởi hành; hoàn 50 % đến 48 giờ trước; sau đó không hoàn tiền'],
    ['zh', zh, '出发前 72 小时前可免费取消；出发前 48 小时前取消退款 50 %；此后不予退款'],
  ] as const)('%s states them in its own language', (_locale, messages, expected) => {
    const t = createTranslate(messages);
    expect(cancellationTermsText(TIERED, t)).toBe(expected);
    // A sentence starts with a capital, where the language has them, whichever tier comes first.
    const partialFirst = cancellationTermsText([{ hoursBefore: 12, refundPercent: 50 }], t);
    expect(partialFirst.charAt(0)).toBe(partialFirst.charAt(0).toUpperCase());
    // Every phrase is a translation: no key and no English leaks through.
    for (const policy of [DEFAULT, TIERED, TO_THE_START, []]) {
      const text = cancellationTermsText(policy, t);
      expect(text).not.toMatch(/app\.cancellation|refund|cancellation|departure/i);
    }
  });
});

describe('the tier that applies', () => {
  it('is the most generous one whose hours are still ahead; none closer than the last', () => {
    expect(tierAt(TIERED, 100)?.refundPercent).toBe(100);
    expect(tierAt(TIERED, 72)?.refundPercent).toBe(100);
    expect(tierAt(TIERED, 71.9)?.refundPercent).toBe(50);
    expect(tierAt(TIERED, 48)?.refundPercent).toBe(50);
    expect(tierAt(TIERED, 47.5)).toBeUndefined();
    expect(tierAt(TO_THE_START, 0.1)?.refundPercent).toBe(30);
    expect(tierAt(TO_THE_START, -1)).toBeUndefined();
  });
});

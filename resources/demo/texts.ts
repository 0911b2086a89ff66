import type { Locale } from '../../src/core/locales';

/** Real text in the five UI languages for the demo data (SPEC §7: Lao, Thai, Vietnamese, Chinese, English). */
export type Text5 = Record<Locale, string>;

export interface TourTypeSeed {
  code: string;
  name: Text5;
}

export const TOUR_TYPES: readonly TourTypeSeed[] = [
  {
    code: 'CITY_TOUR',
    name: { lo: 'ທ່ອງທ່ຽວໃນເມືອງ', en: 'City tour', vi: 'Tham quan thành phố', th: 'ทัวร์ชมเมือง', zh: '城市观光' },
  },
  { code: 'TREKKING', name: { lo: 'ເດີນປ່າ', en: 'Trekking', vi: 'Đi bộ đường dài', th: 'เดินป่า', zh: '徒步旅行' } },
  {
    code: 'RIVER_CRUISE',
    name: { lo: 'ລ່ອງເຮືອແມ່ນ້ຳ', en: 'River cruise', vi: 'Du thuyền trên sông', th: 'ล่องเรือแม่น้ำ', zh: '游船' },
  },
  {
    code: 'TEMPLES',
    name: {
      lo: 'ວັດ ແລະ ວັດທະນະທຳ',
      en: 'Temples and culture',
      vi: 'Chùa chiền và văn hóa',
      th: 'วัดและวัฒนธรรม',
      zh: '寺庙与文化',
    },
  },
  {
    code: 'CAVES',
    name: {
      lo: 'ຖ້ຳ ແລະ ການຜະຈົນໄພ',
      en: 'Caves and adventure',
      vi: 'Hang động và phiêu lưu',
      th: 'ถ้ำและการผจญภัย',
      zh: '洞穴探险',
    },
  },
  {
    code: 'FOOD',
    name: {
      lo: 'ອາຫານ ແລະ ການແຕ່ງກິນ',
      en: 'Food and cooking',
      vi: 'Ẩm thực và nấu ăn',
      th: 'อาหารและการทำอาหาร',
      zh: '美食与烹饪',
    },
  },
  { code: 'CYCLING', name: { lo: 'ຂີ່ລົດຖີບ', en: 'Cycling', vi: 'Đạp xe', th: 'ปั่นจักรยาน', zh: '骑行' } },
  {
    code: 'TRANSPORT',
    name: {
      lo: 'ການຮັບສົ່ງ ແລະ ການເດີນທາງ',
      en: 'Transfers and transport',
      vi: 'Đưa đón và vận chuyển',
      th: 'บริการรับส่งและการเดินทาง',
      zh: '接送与交通',
    },
  },
];

export interface ProvinceSeed {
  code: string;
  region: 'north' | 'central' | 'south';
  name: Text5;
}

export const PROVINCES: readonly ProvinceSeed[] = [
  {
    code: 'VTE',
    region: 'central',
    name: {
      lo: 'ນະຄອນຫຼວງວຽງຈັນ',
      en: 'Vientiane Capital',
      vi: 'Thủ đô Viêng Chăn',
      th: 'นครหลวงเวียงจันทน์',
      zh: '万象市',
    },
  },
  {
    code: 'LPB',
    region: 'north',
    name: { lo: 'ຫຼວງພະບາງ', en: 'Luang Prabang', vi: 'Luông Pha Băng', th: 'หลวงพระบาง', zh: '琅勃拉邦' },
  },
  {
    code: 'CPS',
    region: 'south',
    name: { lo: 'ຈຳປາສັກ', en: 'Champasak', vi: 'Chăm Pa Xắc', th: 'จำปาศักดิ์', zh: '占巴塞' },
  },
  {
    code: 'VTP',
    region: 'central',
    name: { lo: 'ແຂວງວຽງຈັນ', en: 'Vientiane Province', vi: 'Tỉnh Viêng Chăn', th: 'แขวงเวียงจันทน์', zh: '万象省' },
  },
  {
    code: 'XKH',
    region: 'north',
    name: { lo: 'ຊຽງຂວາງ', en: 'Xiangkhouang', vi: 'Xiêng Khoảng', th: 'เชียงขวาง', zh: '川圹' },
  },
  {
    code: 'KHM',
    region: 'central',
    name: { lo: 'ຄຳມ່ວນ', en: 'Khammouane', vi: 'Khăm Muộn', th: 'คำม่วน', zh: '甘蒙' },
  },
  {
    code: 'SVK',
    region: 'central',
    name: { lo: 'ສະຫວັນນະເຂດ', en: 'Savannakhet', vi: 'Xa Vẳn Na Khệt', th: 'สะหวันนะเขต', zh: '沙湾拿吉' },
  },
  {
    code: 'LNT',
    region: 'north',
    name: { lo: 'ຫຼວງນ້ຳທາ', en: 'Luang Namtha', vi: 'Luổng Nặm Thà', th: 'หลวงน้ำทา', zh: '琅南塔' },
  },
  { code: 'BKO', region: 'north', name: { lo: 'ບໍ່ແກ້ວ', en: 'Bokeo', vi: 'Bò Kẹo', th: 'บ่อแก้ว', zh: '博胶' } },
  { code: 'ATP', region: 'south', name: { lo: 'ອັດຕະປື', en: 'Attapeu', vi: 'Át Tạ Pư', th: 'อัตตะปือ', zh: '阿速坡' } },
];

/**
 * Kinds of trip that qualify a service title. A variant that names a length (`length`) fixes the service's
 * duration and what its description says: a "Half-day" trip is not three days long. The others go with any length.
 */
export interface Variant extends Text5 {
  length?: TripLength;
}

/** How long a trip lasts, as its description says it: half a day, or a number of days. */
export type TripLength = 'half-day' | number;

export const VARIANTS: readonly Variant[] = [
  { lo: 'ເຄິ່ງວັນ', en: 'Half-day', vi: 'Nửa ngày', th: 'ครึ่งวัน', zh: '半日', length: 'half-day' },
  { lo: 'ໝົດມື້', en: 'Full-day', vi: 'Cả ngày', th: 'เต็มวัน', zh: '一日', length: 1 },
  { lo: 'ສ່ວນຕົວ', en: 'Private', vi: 'Riêng tư', th: 'ส่วนตัว', zh: '私人' },
  { lo: 'ກຸ່ມນ້ອຍ', en: 'Small group', vi: 'Nhóm nhỏ', th: 'กลุ่มเล็ก', zh: '小团' },
  // A dawn outing, back by the afternoon.
  { lo: 'ຊົມຕາເວັນຂຶ້ນ', en: 'Sunrise', vi: 'Bình minh', th: 'ชมพระอาทิตย์ขึ้น', zh: '日出', length: 1 },
  { lo: 'ສຳລັບຄອບຄົວ', en: 'Family', vi: 'Gia đình', th: 'สำหรับครอบครัว', zh: '亲子' },
];

/** The whole days a trip of this length takes on the calendar (`durationDays`): half a day takes one. */
export const calendarDays = (length: TripLength): number => (length === 'half-day' ? 1 : length);

export function serviceTitle(type: Text5, province: Text5, variant: Text5): Text5 {
  return {
    lo: `${type.lo} ${province.lo} (${variant.lo})`,
    en: `${type.en} in ${province.en} (${variant.en})`,
    vi: `${type.vi} tại ${province.vi} (${variant.vi})`,
    th: `${type.th} ${province.th} (${variant.th})`,
    zh: `${province.zh}${type.zh}（${variant.zh}）`,
  };
}

/** How each language says the trip's length inside the description. */
function lengthText(length: TripLength): Text5 {
  if (length === 'half-day') return { lo: 'ເຄິ່ງມື້', en: 'half a day', vi: 'nửa ngày', th: 'ครึ่งวัน', zh: '半天' };
  return {
    lo: `${length} ມື້`,
    en: `${length} day${length > 1 ? 's' : ''}`,
    vi: `${length} ngày`,
    th: `${length} วัน`,
    zh: `${length}天`,
  };
}

export function serviceDescription(province: Text5, length: TripLength): Text5 {
  const span = lengthText(length);
  return {
    lo: `ສຳຫຼວດ${province.lo} ກັບໄກດ໌ທ້ອງຖິ່ນທີ່ມີໃບອະນຸຍາດ ${span.lo}. ລວມການຮັບສົ່ງຈາກໂຮງແຮມ, ນ້ຳດື່ມ ແລະ ປະກັນໄພ.`,
    en: `Explore ${province.en} with a licensed local guide for ${span.en}. Hotel pick-up, drinking water and insurance are included.`,
    vi: `Khám phá ${province.vi} cùng hướng dẫn viên địa phương có giấy phép trong ${span.vi}. Bao gồm đón tại khách sạn, nước uống và bảo hiểm.`,
    th: `สำรวจ${province.th}กับไกด์ท้องถิ่นที่มีใบอนุญาต ${span.th} รวมรถรับส่งจากโรงแรม น้ำดื่ม และประกันการเดินทาง`,
    zh: `由持证当地导游带您探索${province.zh}，行程${span.zh}。含酒店接送、饮用水和保险。`,
  };
}

export function partnerDescription(company: string, province: Text5): Text5 {
  return {
    lo: `${company} ເປັນບໍລິສັດທ່ອງທ່ຽວທ້ອງຖິ່ນຢູ່${province.lo}, ໃຫ້ບໍລິການນຳທ່ຽວມາຫຼາຍກວ່າສິບປີ.`,
    en: `${company} is a local travel company in ${province.en}, guiding visitors for more than ten years.`,
    vi: `${company} là công ty du lịch địa phương tại ${province.vi}, đã đồng hành cùng du khách hơn mười năm.`,
    th: `${company} เป็นบริษัทท่องเที่ยวท้องถิ่นใน${province.th} ให้บริการนำเที่ยวมากว่าสิบปี`,
    zh: `${company}是${province.zh}的本地旅行社，十多年来一直为游客提供导游服务。`,
  };
}

/** Partner companies; the first two are the demo partners of SPEC §7. */
export const COMPANIES: readonly string[] = [
  'Mekong Horizon Travel',
  'Champa Trails',
  'Luang Prabang Heritage Tours',
  'Vang Vieng Eco Trails',
  'Plain of Jars Expeditions',
  'Kong Lor Cave Journeys',
  'Bolaven Plateau Tours',
  'Nam Ha Trekking',
  'Golden Triangle Boats',
  'Si Phan Don Island Tours',
  'Vientiane City Walks',
  'Savan Heritage Travel',
  'Attapeu Wild Rivers',
  'Lao Kitchen Experience',
  'Nong Khiaw Valley Tours',
  'Xe Pian Nature Trips',
  'That Luang Transfers',
  'Muang Ngoi Boat Club',
  'Phou Khao Khouay Hikes',
  'Wat Phou Culture Tours',
  'Luang Namtha Bike Tours',
  'Mekong Sunset Cruises',
  'Thakhek Loop Riders',
  'Pakse Coffee Trails',
];

export const LAO_GIVEN = [
  'Souksavanh',
  'Khamphone',
  'Bounmy',
  'Vilayvanh',
  'Phonesavanh',
  'Chanthala',
  'Somphone',
  'Manivanh',
  'Sengdao',
  'Thongchanh',
  'Bouasone',
  'Latsamy',
  'Vongdeuan',
  'Anousone',
  'Khampheng',
  'Sisouk',
  'Ketsana',
  'Noy',
];
export const LAO_FAMILY = [
  'Phommachanh',
  'Sayavong',
  'Vongsa',
  'Inthavong',
  'Keomany',
  'Souvannavong',
  'Chanthavong',
  'Phetsomphou',
  'Sengsouliya',
  'Luangrath',
  'Douangmala',
  'Sisavath',
];

/** Customers by locale: full names as they write them. */
export const CUSTOMER_NAMES: Readonly<Record<Locale, readonly string[]>> = {
  lo: ['ສຸກສະຫວັນ ພົມມະຈັນ', 'ຄຳພອນ ໄຊຍະວົງ', 'ບຸນມີ ວົງສາ', 'ວິໄລວັນ ອິນທະວົງ', 'ແສງດາວ ແກ້ວມະນີ', 'ທອງຈັນ ສີສະຫວາດ'],
  en: ['Emma Wilson', 'Liam Johnson', 'Olivia Brown', 'Noah Taylor', 'Ava Martin', 'Lucas Anderson'],
  vi: ['Nguyễn Văn An', 'Trần Thị Bình', 'Lê Minh Châu', 'Phạm Quốc Dũng', 'Hoàng Thu Hà', 'Vũ Đức Huy'],
  th: ['สมชาย ใจดี', 'สุดารัตน์ แก้วมณี', 'ธนากร ศรีสุข', 'พิมพ์ชนก วงศ์ใหญ่', 'อนุชา บุญมา', 'กมลวรรณ ทองดี'],
  zh: ['王伟', '李娜', '张敏', '刘洋', '陈静', '杨磊'],
};

export const COMPLAINT_SUBJECTS: Readonly<Record<Locale, readonly string[]>> = {
  lo: ['ລົດຮັບສົ່ງມາຊ້າ', 'ໄກດ໌ບໍ່ໄດ້ມາຕາມນັດ', 'ຂໍເງິນຄືນຍັງບໍ່ໄດ້ຮັບ'],
  en: ['Pick-up was two hours late', 'The guide did not show up', 'Refund not received yet', 'Boat was overcrowded'],
  vi: ['Xe đón đến trễ', 'Hướng dẫn viên không đến', 'Chưa nhận được tiền hoàn'],
  th: ['รถรับส่งมาสาย', 'ไกด์ไม่มาตามนัด', 'ยังไม่ได้รับเงินคืน'],
  zh: ['接送车迟到了两个小时', '导游没有出现', '还没有收到退款'],
};

export const REFUND_REASONS: readonly string[] = [
  'Flight cancelled, we cannot travel on that date.',
  'ເຈັບປ່ວຍ, ບໍ່ສາມາດເດີນທາງໄດ້.',
  'Đặt nhầm ngày, xin hoàn tiền.',
  'ติดธุระด่วน ไม่สามารถเดินทางได้',
  '行程有变，无法参加。',
  'Booked twice by mistake.',
];

export const BANKS = ['BCEL', 'LDB', 'APB', 'Joint Development Bank', 'BFL'] as const;

/**
 * What travellers write of a trip, by rating band (good 4–5, mixed 3, poor 1–2), in their language. A text that
 * names what only some trips have (a boat, a temple, a cooking class) says of which tour types (`kinds`, their
 * codes); one without `kinds` fits any trip. Every band of every language has texts that fit any trip.
 */
export interface ReviewText {
  text: string;
  kinds?: readonly string[];
}

/** On foot among temples and old streets. */
const WALKS = ['TEMPLES', 'CITY_TOUR', 'TREKKING', 'CAVES'] as const;
const BOATS = ['RIVER_CRUISE'] as const;

export const REVIEW_TEXTS: Readonly<
  Record<Locale, Readonly<Record<'good' | 'mixed' | 'poor', readonly ReviewText[]>>>
> = {
  lo: {
    good: [
      { text: 'ໄກດ໌ໃຈດີ ແລະ ຮູ້ຈັກປະຫວັດສາດດີຫຼາຍ. ແນະນຳ!' },
      { text: 'ວິວງາມຫຼາຍ, ອາຫານແຊບ, ຈະມາອີກ.' },
      { text: 'ໄດ້ຮຽນແຕ່ງອາຫານລາວສາມຢ່າງ, ແມ່ຄົວອະທິບາຍດີຫຼາຍ.', kinds: ['FOOD'] },
    ],
    mixed: [{ text: 'ທ່ຽວໄດ້ດີ ແຕ່ລົດມາຊ້າໜ້ອຍໜຶ່ງ.' }],
    poor: [{ text: 'ໂປຣແກຣມບໍ່ຄືທີ່ບອກໄວ້, ເສຍເວລາຫຼາຍ.' }],
  },
  en: {
    good: [
      {
        text: 'Our guide knew every temple story and waited for the slow walkers. Worth every kip.',
        kinds: WALKS,
      },
      { text: 'Sunset on the river was magical, the boat was clean and the crew friendly.', kinds: BOATS },
      { text: 'We cooked four dishes from the morning market and ate every one. A patient teacher.', kinds: ['FOOD'] },
      { text: 'Well organised from pick-up to drop-off. The kids loved it.' },
      { text: 'A friendly guide who knew the area well, and a good pace for all of us.' },
    ],
    mixed: [
      { text: 'Beautiful places, but the pick-up was 40 minutes late and lunch was rushed.' },
      { text: 'Good day out, though the group was bigger than we expected.' },
    ],
    poor: [
      { text: 'The boat was overcrowded and half the stops were skipped.', kinds: BOATS },
      { text: 'The group was far too big and half the stops were skipped.' },
    ],
  },
  vi: {
    good: [
      { text: 'Hướng dẫn viên nhiệt tình, cảnh đẹp tuyệt vời. Rất đáng tiền!' },
      { text: 'Chuyến đi được tổ chức chu đáo, sẽ quay lại.' },
    ],
    mixed: [{ text: 'Cảnh đẹp nhưng xe đón trễ khá lâu.' }],
    poor: [{ text: 'Lịch trình khác với mô tả, khá thất vọng.' }],
  },
  th: {
    good: [{ text: 'ไกด์เป็นกันเองมาก วิวสวยสุด ๆ แนะนำเลย' }, { text: 'จัดการดีมาก อาหารอร่อย จะกลับมาอีก' }],
    mixed: [{ text: 'สถานที่สวย แต่รถมารับช้าไปหน่อย' }],
    poor: [{ text: 'เรือแน่นเกินไป และข้ามบางจุดไป', kinds: BOATS }, { text: 'คนในกลุ่มเยอะเกินไป และข้ามบางจุดไป' }],
  },
  zh: {
    good: [
      { text: '导游很热情，讲解很详细，风景太美了，强烈推荐！' },
      { text: '行程安排得很好，船很干净，下次还来。', kinds: BOATS },
      { text: '行程安排得很好，接送准时，下次还来。' },
    ],
    mixed: [{ text: '景色不错，但接送晚了将近一个小时。' }],
    poor: [{ text: '船上人太多，有几个景点没去。', kinds: BOATS }, { text: '团里人太多，有几个景点没去。' }],
  },
};

/** What travellers add of themselves after what they say of the trip: the same words never come twice from one. */
export const REVIEW_ADDITIONS: Readonly<Record<Locale, readonly string[]>> = {
  lo: ['ພວກເຮົາໄປເປັນຄອບຄົວ.', 'ຈອງລ່ວງໜ້າສອງອາທິດ.', 'ເປັນການທ່ຽວເທື່ອທຳອິດຂອງພວກເຮົາ.', 'ພວກເຮົາໄປກັບໝູ່ສີ່ຄົນ.', 'ຕອນບ່າຍຝົນຕົກໜ້ອຍໜຶ່ງ.'],
  en: [
    'We went as a family.',
    'Booked it two weeks ahead.',
    'Our first trip in Laos.',
    'We were a group of four friends.',
    'It rained a little in the afternoon.',
  ],
  vi: [
    'Chúng tôi đi cùng gia đình.',
    'Đặt trước hai tuần.',
    'Chuyến đi đầu tiên của chúng tôi ở Lào.',
    'Nhóm chúng tôi có bốn người bạn.',
    'Buổi chiều trời mưa một chút.',
  ],
  th: ['เราไปกันทั้งครอบครัว', 'จองล่วงหน้าสองสัปดาห์', 'เป็นทริปแรกของเราในลาว', 'เราไปกับเพื่อนสี่คน', 'ช่วงบ่ายฝนตกนิดหน่อย'],
  zh: [
    '我们是一家人一起去的。',
    '提前两周预订的。',
    '这是我们第一次来老挝。',
    '我们是四个朋友一起去的。',
    '下午下了一点雨。',
  ],
};

/** The partner's public answers. */
export const REVIEW_REPLIES: Readonly<Record<Locale, readonly string[]>> = {
  lo: ['ຂອບໃຈຫຼາຍໆ! ຫວັງວ່າຈະໄດ້ພົບກັນອີກ.'],
  en: [
    'Thank you for travelling with us. We hope to see you again!',
    'Sorry about the late pick-up; we have added a second van.',
  ],
  vi: ['Cảm ơn bạn rất nhiều! Hẹn gặp lại.'],
  th: ['ขอบคุณมากครับ หวังว่าจะได้พบกันอีก'],
  zh: ['非常感谢您的评价，期待再次为您服务！'],
};
/** Departures leave in the morning, or in the afternoon as sunset cruises do (picked by day, not by chance). */
export const DEPARTURE_TIMES = ['07:30', '08:00', '16:30'] as const;

const HOTEL_LOBBY: Text5 = {
  lo: 'ລັອບບີ້ໂຮງແຮມ',
  en: 'hotel lobby',
  vi: 'sảnh khách sạn',
  th: 'ล็อบบี้โรงแรม',
  zh: '酒店大堂',
};

/** A service's meeting point: its province's hotel lobby, in every language. */
export function meetingAtHotel(province: Text5): Text5 {
  const place = {} as Text5;
  for (const locale of Object.keys(HOTEL_LOBBY) as (keyof Text5)[]) {
    place[locale] =
      locale === 'zh' ? `${province[locale]}${HOTEL_LOBBY[locale]}` : `${province[locale]}, ${HOTEL_LOBBY[locale]}`;
  }
  return place;
}

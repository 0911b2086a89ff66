import type { Locale } from '../../src/core/locales';
import { commissionOf } from '../orders.effects';
import { reviewerNameOf } from '../reviews.effects';
import { Builder, type Rec } from '../../src/server/db/seed/builder';
import { Random } from '../../src/server/db/seed/random';
import { CHILD_TICKET_NAME, DEFAULT_TICKET_CODE, DEFAULT_TICKET_NAME, type TicketType } from '../shared/ticket-types';
import { coverUrl, PALETTES, type CoverKey } from './covers';
import {
  BANKS,
  COMPLAINT_SUBJECTS,
  REVIEW_REPLIES,
  REVIEW_ADDITIONS,
  REVIEW_TEXTS,
  DEPARTURE_TIMES,
  PROVINCES,
  REFUND_REASONS,
  TOUR_TYPES,
  VARIANTS,
  calendarDays,
  meetingAtHotel,
  partnerDescription,
  serviceDescription,
  serviceTitle,
  type Text5,
} from './texts';
import { dayIn } from '../../src/core/zoned-time';
import { DEFAULT_SETTINGS } from '../settings';

/** The platform's time zone in a new database, the demo's: departures are its days. */
const PLATFORM_ZONE = String(DEFAULT_SETTINGS.general.timezone);

/** How long after signing up a demo account opened its verification link. */
const VERIFIED_AFTER_MS = 7 * 60_000 + 13_000;

const DAY = 86_400_000;
const MINUTE = 60_000;

export type OrderStatus = 'pending_payment' | 'paid' | 'confirmed' | 'completed' | 'cancelled' | 'refunded' | 'expired';

/** The hold every demo booking had (settings.payments.holdMinutes). */
export const HOLD_MINUTES = 30;
/** Orders whose seats a departure's `seatsBooked` counts; unpaid ones hold theirs only while their hold runs. */
const SEATED = new Set(['paid', 'confirmed', 'completed']);

/** The password hashes, computed once per seed and shared by every generated account. */
export interface Hashes {
  admin: string;
  partner: string;
  user: string;
}

interface PartnerBook {
  /** Partner share of completed orders. */
  earned: number;
  /** When each share was earned, to cap withdrawals by what was earned by then. */
  earnings: { at: number; share: number }[];
  paidOut: number;
  held: number;
}

const PAYMENT_WEIGHTS = { bcel_onepay: 55, card: 25, bank_transfer: 15, cash: 5 } as const;

/**
 * The demo world: accounts, catalogue and bookings with their money trail, built in memory with the same
 * rules the server enforces (seats ≤ capacity, refunds ≤ paid, withdrawals ≤ available balance).
 */
export class World {
  readonly b = new Builder();
  readonly tourTypes: Rec[];
  readonly provinces: Rec[];
  readonly moderators: Rec[] = [];
  readonly financeStaff: Rec[] = [];
  readonly supportStaff: Rec[] = [];
  private readonly books = new Map<Rec, PartnerBook>();
  /** The covers the services show, to be drawn and stored with the rows. */
  readonly coversUsed = new Map<string, CoverKey>();
  private seq = 0;
  /** Each schedule's departure as a time: asked for thousands of times while orders look for seats. */
  private readonly starts = new Map<Rec, number>();
  /** Seats held by unpaid orders whose hold still runs when the demo is loaded. */
  private readonly held = new Map<Rec, number>();

  constructor(
    readonly random: Random,
    /** The seed's "now": the moment it runs; every time is drawn back from it (one moment, the same rows). */
    readonly now: number,
    readonly hashes: Hashes,
  ) {
    this.tourTypes = TOUR_TYPES.map((t, i) =>
      this.b.add('tour_types', {
        code: t.code,
        name: t.name,
        sortOrder: (i + 1) * 10,
        active: true,
        ...this.stamp(-720),
      }),
    );
    this.provinces = PROVINCES.map((p, i) =>
      this.b.add('provinces', {
        code: p.code,
        name: p.name,
        region: p.region,
        sortOrder: (i + 1) * 10,
        active: true,
        ...this.stamp(-720),
      }),
    );
  }

  /** `createdAt`/`updatedAt` some time in the day `days` back from now. */
  stamp(days: number, updatedDays = days): { createdAt: string; updatedAt: string } {
    const created = this.now + days * DAY - this.span(0, 1);
    const updated = updatedDays === days ? created : Math.max(created, this.now + updatedDays * DAY - this.span(0, 1));
    return { createdAt: this.iso(created), updatedAt: this.iso(updated) };
  }

  /**
   * A duration of `a` to `b` days, to the millisecond: times drawn with it never line up on a midnight or a
   * minute, so no instant is shared by many rows (SPEC §9).
   */
  span(a: number, b: number): number {
    return Math.floor((a + this.random.next() * (b - a)) * DAY);
  }

  /** A moment in [from, to), drawn afresh; `to` is at most now (a moment still to come is not history yet). */
  between(from: number, to: number): number {
    const end = Math.min(to, this.now);
    if (end <= from) return from + Math.floor(this.random.next() * Math.max(1, this.now - from));
    return from + Math.floor(this.random.next() * (end - from));
  }

  /**
   * `at`, if it lies before `bound` (default now); else a moment drawn between `from` and the bound. Never the
   * bound itself: clamping would pile every late row onto one instant.
   */
  before(at: number, from: number, bound = this.now): number {
    return at < Math.min(bound, this.now) ? at : this.between(from, Math.min(bound, this.now));
  }

  iso(ms: number): string {
    return new Date(ms).toISOString();
  }

  day(ms: number): string {
    return new Date(ms).toISOString().slice(0, 10);
  }

  private book(partner: Rec): PartnerBook {
    let book = this.books.get(partner);
    if (!book) this.books.set(partner, (book = { earned: 0, earnings: [], paidOut: 0, held: 0 }));
    return book;
  }

  /** The available balance as of `at` (default: now), by SPEC §5's formula. */
  available(partner: Rec, at = this.now): number {
    const book = this.book(partner);
    const earned = book.earnings.reduce((sum, e) => (e.at <= at ? sum + e.share : sum), 0);
    return earned - book.paidOut - book.held;
  }

  audit(
    actor: Rec | null,
    resource: string,
    rec: Rec,
    action: string,
    from: string | null,
    to: string | null,
    at: number,
    reason: string | null = null,
  ): void {
    this.b.add('audit_log', {
      actorKind: actor ? 'admin' : 'system',
      actorId: actor,
      actorEmail: actor ? actor.values.email : null,
      actorRole: actor ? actor.values.role : null,
      resource,
      recordId: rec,
      action,
      from,
      to,
      reason,
      diff: from || to ? { status: [from, to] } : null,
      at: this.iso(at),
      createdAt: this.iso(at),
      updatedAt: this.iso(at),
    });
  }

  admin(email: string, fullName: string, role: string, status = 'active'): Rec {
    const rec = this.b.add('admins', {
      email,
      passwordHash: this.hashes.admin,
      fullName,
      role,
      phone: `+856 20 5${String(5550000 + this.b.rows('admins').length).padStart(7, '0')}`,
      locale: role === 'super_admin' ? 'en' : 'lo',
      status,
      lastLoginAt: status === 'active' ? this.iso(this.now - this.span(0.04, 3)) : null,
      ...this.stamp(-600),
    });
    if (status === 'active') {
      if (role === 'moderator') this.moderators.push(rec);
      if (role === 'finance') this.financeStaff.push(rec);
      if (role === 'support') this.supportStaff.push(rec);
    }
    return rec;
  }

  user(email: string, fullName: string, locale: Locale, createdDays: number, status = 'active'): Rec {
    const stamp = this.stamp(createdDays);
    return this.b.add('users', {
      email,
      passwordHash: this.hashes.user,
      fullName,
      phone: `+856 20 ${this.random.int(2, 9)}${String(this.random.int(0, 9999999)).padStart(7, '0')}`,
      locale,
      status,
      lockReason: status === 'locked' ? 'Repeated chargebacks' : null,
      lastLoginAt: this.iso(this.now - this.span(0.001, 20)),
      // Demo customers confirmed their address minutes after signing up (no random draw: the rest stays as it was).
      emailVerifiedAt: this.iso(Date.parse(stamp.createdAt) + VERIFIED_AFTER_MS),
      ...stamp,
    });
  }

  partner(options: {
    email: string;
    company: string;
    contactName: string;
    status: 'pending' | 'approved' | 'rejected' | 'suspended';
    province: Rec;
    createdDays: number;
    commissionRate?: number | null;
  }): Rec {
    const provinceName = options.province.values.name as Text5;
    const live = options.status === 'approved' || options.status === 'suspended';
    const slug = options.company
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 10)
      .toUpperCase();
    const created = this.now + options.createdDays * DAY - this.span(0, 1);
    const approvedAt = this.before(created + this.span(1, 5), created);
    const rec = this.b.add('partners', {
      email: options.email,
      passwordHash: this.hashes.partner,
      companyName: `${options.company} Co., Ltd.`,
      contactName: options.contactName,
      phone: `+856 21 ${this.random.int(200000, 999999)}`,
      provinceId: options.province,
      taxId: `LA-${slug.slice(0, 4)}-${this.random.int(100000, 999999)}`,
      locale: 'lo',
      bankName: this.random.pick(BANKS),
      bankAccountName: options.company.toUpperCase(),
      bankAccountNumber: `0${this.random.int(10, 99)} ${this.random.int(1000, 9999)} ${this.random.int(10000000, 99999999)}`,
      commissionRate: options.commissionRate ?? null,
      displayName: live ? options.company : null,
      description: live ? partnerDescription(options.company, provinceName) : null,
      logo: [],
      address: live
        ? `Ban ${this.random.pick(['Xiengmouan', 'Wat Nong', 'Phonxay', 'Sisaket', 'Hatsady'])}, ${provinceName.en}`
        : null,
      status: options.status,
      reason:
        options.status === 'rejected'
          ? 'The business licence is missing or unreadable'
          : options.status === 'suspended'
            ? 'Several customers reported cancelled tours without a refund'
            : null,
      approvedAt: live ? this.iso(approvedAt) : null,
      lastLoginAt: this.iso(this.now - this.span(0.001, 10)),
      emailVerifiedAt: this.iso(created + VERIFIED_AFTER_MS),
      createdAt: this.iso(created),
      updatedAt: this.iso(live ? approvedAt : created),
    });
    const moderator = this.random.pick(this.moderators);
    if (options.status !== 'pending')
      this.audit(
        moderator,
        'partners',
        rec,
        options.status === 'rejected' ? 'reject' : 'approve',
        'pending',
        options.status === 'rejected' ? 'rejected' : 'approved',
        approvedAt,
        options.status === 'rejected' ? String(rec.values.reason) : null,
      );
    if (options.status === 'suspended')
      this.audit(
        moderator,
        'partners',
        rec,
        'suspend',
        'approved',
        'suspended',
        this.now - this.span(5, 15),
        String(rec.values.reason),
      );
    return rec;
  }

  /** A partner's profile proposal; an approved one mirrors the live profile. */
  profile(partner: Rec, status: 'draft' | 'pending' | 'approved' | 'rejected', proposal?: string): Rec {
    const name = proposal ?? String(partner.values.displayName ?? partner.values.companyName).replace(' Co., Ltd.', '');
    // A proposal waits two weeks at most: the moderation queue holds this fortnight's work.
    const submitted = this.now - this.span(status === 'pending' ? 0.1 : 1, status === 'pending' ? 14 : 20);
    const reviewed = this.before(submitted + this.span(0.1, 1.5), submitted);
    const rec = this.b.add('partner_profiles', {
      partnerId: partner,
      displayName: name,
      description:
        status === 'approved' && partner.values.description
          ? partner.values.description
          : {
              en: `${name}: small-group tours with local guides, now with river trips and homestays.`,
              lo: `${name}: ທົວກຸ່ມນ້ອຍກັບໄກດ໌ທ້ອງຖິ່ນ, ມີການລ່ອງເຮືອ ແລະ ພັກເຮືອນຊາວບ້ານ.`,
              th: `${name}: ทัวร์กลุ่มเล็กกับไกด์ท้องถิ่น พร้อมล่องเรือและโฮมสเตย์`,
            },
      logo: [],
      address: partner.values.address ?? null,
      status,
      reason: status === 'rejected' ? 'The description contains a phone number; please remove it' : null,
      submittedAt: status === 'draft' ? null : this.iso(submitted),
      reviewedAt: status === 'approved' || status === 'rejected' ? this.iso(reviewed) : null,
      createdAt: this.iso(submitted - this.span(0.2, 3)),
      updatedAt: this.iso(submitted),
    });
    if (status === 'approved' || status === 'rejected')
      this.audit(
        this.random.pick(this.moderators),
        'partner-profiles',
        rec,
        status === 'approved' ? 'approve' : 'reject',
        'pending',
        status,
        reviewed,
        status === 'rejected' ? String(rec.values.reason) : null,
      );
    return rec;
  }

  service(
    partner: Rec,
    status: 'draft' | 'pending' | 'approved' | 'rejected' | 'suspended' | 'archived',
    createdDays: number,
    options: { tourType?: Rec; province?: Rec; allLocales?: boolean; price?: number } = {},
  ): Rec {
    const tourType = options.tourType ?? this.random.pick(this.tourTypes);
    const province =
      options.province ??
      (this.random.chance(0.6) ? (partner.values.provinceId as Rec) : this.random.pick(this.provinces));
    const variant = this.random.pick(VARIANTS);
    const code = String(tourType.values.code);
    const drawn = code === 'FOOD' || code === 'CITY_TOUR' || code === 'TRANSPORT' ? 1 : this.random.int(1, 3);
    // The title's variant fixes the length when it names one ("Half-day", "Sunrise"): title, description and
    // duration tell one story. Drawn either way, so the rest of the world is drawn as before.
    const length = variant.length ?? drawn;
    const days = calendarDays(length);
    const title = serviceTitle(tourType.values.name as Text5, province.values.name as Text5, variant);
    const description = serviceDescription(province.values.name as Text5, length);
    const allLocales = options.allLocales ?? this.random.chance(0.7);
    const pick = (text: Text5) => (allLocales ? text : { lo: text.lo, en: text.en });
    const created = this.now + createdDays * DAY - this.span(0, 1);
    // What waits for review was sent in lately (the queue is this fortnight's), however old the draft.
    const submitted =
      status === 'pending'
        ? Math.max(created, this.now - this.span(0.05, 12))
        : this.before(created + this.span(0, 3), created);
    const reviewed = this.before(submitted + this.span(0.5, 4), submitted);
    const reviewedStatus = status === 'suspended' || status === 'archived' ? 'approved' : status;
    const price = options.price ?? this.random.amount(150_000, 900_000, 10_000) * days;
    // Every other service sells children's seats too, cheaper (drawn without the random stream, which stays as it was).
    const withChildren = this.b.rows('services').length % 2 === 0;
    const rec = this.b.add('services', {
      partnerId: partner,
      rating: { average: null, count: 0 },
      title: pick(title),
      description: pick(description),
      tourTypeId: tourType,
      provinceId: province,
      durationDays: days,
      price,
      ticketTypes: [
        { code: DEFAULT_TICKET_CODE, name: DEFAULT_TICKET_NAME, price, minAge: 12 },
        ...(withChildren
          ? [{ code: 'CHILD', name: CHILD_TICKET_NAME, price: Math.round((price * 0.6) / 10_000) * 10_000, maxAge: 11 }]
          : []),
      ],
      currency: 'LAK',
      capacity: this.random.int(8, 30),
      meetingPoint: meetingAtHotel(province.values.name as Text5),
      cancellationPolicy: demoCancellationPolicy(code, days),
      // Drafts and the rejected one ("photos missing") have none; whatever is or was on sale has its cover.
      images: status === 'draft' || status === 'rejected' ? [] : [this.cover(code, province)],
      status,
      reason:
        status === 'rejected'
          ? 'Photos missing and the price does not include the mandatory park fee'
          : status === 'suspended'
            ? 'Safety equipment check overdue'
            : null,
      submittedAt: status === 'draft' ? null : this.iso(submitted),
      approvedAt: reviewedStatus === 'approved' ? this.iso(reviewed) : null,
      createdAt: this.iso(created),
      updatedAt: this.iso(status === 'draft' ? created : status === 'pending' ? submitted : reviewed),
    });
    if (reviewedStatus === 'approved' || reviewedStatus === 'rejected')
      this.audit(
        this.random.pick(this.moderators),
        'services',
        rec,
        reviewedStatus === 'approved' ? 'approve' : 'reject',
        'pending',
        reviewedStatus,
        reviewed,
        reviewedStatus === 'rejected' ? String(rec.values.reason) : null,
      );
    return rec;
  }

  /** The cover of a service of this tour type in this province; the seed draws the ones used. */
  private cover(tourType: string, province: Rec): string {
    const palette = this.provinces.indexOf(province) % PALETTES.length;
    this.coversUsed.set(`${tourType}:${palette}`, { tourType, palette });
    return coverUrl(tourType, palette);
  }

  /** A departure `startDays` from today; its seats are counted as orders are added. */
  schedule(service: Rec, startDays: number, status: 'open' | 'closed' | 'cancelled', capacity?: number): Rec {
    // "Today" as the platform counts it (its time zone), as the server's rules will read the departure.
    const start = Date.parse(`${dayIn(new Date(this.now + startDays * DAY), PLATFORM_ZONE)}T00:00:00Z`);
    const duration = Number(service.values.durationDays);
    const created = this.before(start - this.span(30, 90), this.now - this.span(20, 60));
    const override = this.random.chance(0.2)
      ? Math.round((Number(service.values.price) * 1.1) / 10_000) * 10_000
      : null;
    return this.b.add('schedules', {
      serviceId: service,
      partnerId: service.values.partnerId,
      startDate: this.day(start),
      endDate: this.day(start + (duration - 1) * DAY),
      capacity: capacity ?? this.random.int(12, 30),
      seatsBooked: 0,
      priceOverride: override,
      // A dearer departure is dearer for children too.
      priceOverrides:
        override != null && childType(service)
          ? { CHILD: Math.round((Number(childType(service)!.price) * 1.1) / 10_000) * 10_000 }
          : null,
      startTime: DEPARTURE_TIMES[Math.floor(start / DAY) % DEPARTURE_TIMES.length],
      meetingPoint: null,
      currency: 'LAK',
      note: null,
      status,
      reason: status === 'cancelled' ? 'Flooding on the river: the trip cannot run safely' : null,
      createdAt: this.iso(created),
      updatedAt: this.iso(status === 'open' ? created : this.before(start + this.span(0, 1), created)),
    });
  }

  startOf(schedule: Rec): number {
    let start = this.starts.get(schedule);
    if (start === undefined)
      this.starts.set(schedule, (start = Date.parse(`${String(schedule.values.startDate)}T00:00:00Z`)));
    return start;
  }

  seatsLeft(schedule: Rec): number {
    return Number(schedule.values.capacity) - Number(schedule.values.seatsBooked) - (this.held.get(schedule) ?? 0);
  }

  private code(): string {
    this.seq += 1;
    const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
    let out = '';
    for (let i = 0; i < 5; i++) out += alphabet[this.random.int(0, alphabet.length - 1)];
    return `LT-${out}${this.seq.toString(36).toUpperCase().padStart(3, '0')}`;
  }

  private payment(values: Record<string, unknown>, at: number): Rec {
    return this.b.add('payments', {
      currency: 'LAK',
      status: 'completed',
      ...values,
      createdAt: this.iso(at),
      updatedAt: this.iso(at),
    });
  }

  /**
   * An order with everything that follows from its status: seats, the charge, the refund (with its request,
   * or as part of a cancelled departure), the partner's earnings. `created` must lie before now and at least six
   * hours before the departure: the caller draws it so (nothing here moves it). Every order had a hold of
   * HOLD_MINUTES from when it was placed; an unpaid one whose hold has ended by now is `expired`.
   */
  order(schedule: Rec, user: Rec, wanted: OrderStatus, created: number, quantity: number): Rec | undefined {
    const start = this.startOf(schedule);
    const holdEnds = created + HOLD_MINUTES * MINUTE;
    const status: OrderStatus = wanted === 'pending_payment' && holdEnds <= this.now ? 'expired' : wanted;
    if (quantity > this.seatsLeft(schedule)) return undefined;
    const service = schedule.values.serviceId as Rec;
    const partner = schedule.values.partnerId as Rec;
    const unitPrice = Number(schedule.values.priceOverride ?? service.values.price);
    // Families: of three seats or more on a service with children's seats, one is a child's.
    const child = quantity >= 3 ? childType(service) : undefined;
    const childPrice = child
      ? Number((schedule.values.priceOverrides as Record<string, number> | null)?.CHILD ?? child.price)
      : 0;
    const lines = [
      {
        ticketType: DEFAULT_TICKET_CODE,
        quantity: child ? quantity - 1 : quantity,
        unitPrice,
        name: DEFAULT_TICKET_NAME,
      },
      ...(child ? [{ ticketType: child.code, quantity: 1, unitPrice: childPrice, name: child.name }] : []),
    ];
    const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
    const rate = partner.values.commissionRate == null ? 10 : Number(partner.values.commissionRate);
    const commission = commissionOf(total, rate);
    if (created >= this.now || created > start - 6 * 60 * MINUTE)
      throw new Error(
        `Seed: an order created ${this.iso(created)} for a departure on ${String(schedule.values.startDate)}`,
      );
    const createdAt = created;
    const paid = status !== 'pending_payment' && status !== 'cancelled' && status !== 'expired';
    const paidAt = this.before(createdAt + this.span(0.002, 0.06), createdAt);
    const method = this.random.weighted(PAYMENT_WEIGHTS);
    const code = this.code();
    const scheduleCancelled = schedule.values.status === 'cancelled';
    const confirmedAt = this.before(paidAt + this.span(0.02, 1), paidAt);
    const completedAt = this.before(start + this.span(0.33, 1.25), Math.max(start, paidAt));
    const endedAt =
      status === 'cancelled'
        ? this.before(createdAt + this.span(0.007, 2), createdAt)
        : status === 'refunded'
          ? this.before(paidAt + this.span(1, 5), paidAt, scheduleCancelled ? start - DAY : start)
          : null;
    const last = Math.max(
      createdAt,
      paid ? paidAt : 0,
      status === 'confirmed' ? confirmedAt : 0,
      status === 'completed' ? completedAt : 0,
      // The expiry worker marks it within a minute of the hold's end.
      status === 'expired' ? Math.min(holdEnds + 20_000, this.now) : 0,
      endedAt ?? 0,
    );
    const order = this.b.add('orders', {
      code,
      userId: user,
      partnerId: partner,
      serviceId: service,
      scheduleId: schedule,
      departureDate: schedule.values.startDate,
      departureTime: schedule.values.startTime,
      meetingPoint: schedule.values.meetingPoint ?? service.values.meetingPoint,
      cancellationPolicy: service.values.cancellationPolicy,
      quantity,
      lines,
      unitPrice,
      total,
      commissionRate: rate,
      commission,
      currency: 'LAK',
      contactName: user.values.fullName,
      contactPhone: user.values.phone,
      contactEmail: user.values.email,
      note: this.random.chance(0.15)
        ? this.random.pick(['Vegetarian meals please', 'ອາຫານມັງສະວິລັດ', '需要中文导游', 'Có trẻ em 5 tuổi'])
        : null,
      paymentMethod: paid ? method : null,
      status,
      holdExpiresAt: this.iso(holdEnds),
      reason:
        status === 'cancelled'
          ? scheduleCancelled
            ? 'Departure cancelled'
            : 'Changed travel plans'
          : status === 'refunded' && scheduleCancelled
            ? 'Departure cancelled'
            : null,
      paidAt: paid ? this.iso(paidAt) : null,
      confirmedAt: status === 'confirmed' || status === 'completed' ? this.iso(confirmedAt) : null,
      completedAt: status === 'completed' ? this.iso(completedAt) : null,
      cancelledAt: status === 'cancelled' ? this.iso(endedAt!) : null,
      createdAt: this.iso(createdAt),
      updatedAt: this.iso(last),
    });
    if (SEATED.has(status)) schedule.values.seatsBooked = Number(schedule.values.seatsBooked) + quantity;
    if (status === 'pending_payment') this.held.set(schedule, (this.held.get(schedule) ?? 0) + quantity);
    if (paid)
      this.payment(
        {
          orderId: order,
          partnerId: partner,
          userId: user,
          kind: 'charge',
          amount: total,
          method,
          reference: `PAY-${code}`,
          ...this.evidence(order, method, paidAt),
        },
        paidAt,
      );
    if (status === 'completed') {
      const book = this.book(partner);
      book.earned += total - commission;
      book.earnings.push({ at: completedAt, share: total - commission });
    }
    if (status === 'refunded') {
      const at = endedAt!;
      if (scheduleCancelled) {
        this.payment(
          {
            orderId: order,
            partnerId: partner,
            userId: user,
            kind: 'refund',
            amount: total,
            method,
            reference: `CXL-${code}`,
          },
          at,
        );
      } else {
        const amount = this.random.chance(0.8) ? total : Math.round(total / 2 / 1000) * 1000;
        const requested = Math.max(paidAt + MINUTE, at - this.span(0.04, 2));
        const refund = this.b.add('refunds', {
          orderId: order,
          userId: user,
          partnerId: partner,
          amount,
          currency: 'LAK',
          reason: this.random.pick(REFUND_REASONS),
          // Asked before the trip: a cancellation, refunded as its terms gave.
          source: 'cancellation',
          termsAmount: amount,
          status: 'approved',
          rejectionReason: null,
          decidedAt: this.iso(at),
          createdAt: this.iso(requested),
          updatedAt: this.iso(at),
        });
        this.payment(
          {
            orderId: order,
            partnerId: partner,
            userId: user,
            refundId: refund,
            kind: 'refund',
            amount,
            method,
            reference: `RF-${code}`,
          },
          at,
        );
        this.audit(this.random.pick(this.financeStaff), 'refunds', refund, 'approve', 'pending', 'approved', at);
      }
    }
    return order;
  }

  /**
   * What a charge rests on (SPEC §11): money seen on the bank statement or reported by the gateway (a matched
   * incoming payment), or cash recorded by a finance admin. Drawn from the order, not the random stream.
   */
  private evidence(order: Rec, method: string, at: number): Record<string, unknown> {
    if (method === 'cash') return { recordedById: this.financeStaff[this.seq % this.financeStaff.length] };
    const code = String(order.values.code);
    const bank = method === 'bank_transfer';
    const incoming = this.b.add('incoming_payments', {
      source: bank ? 'bank' : 'gateway',
      externalId: `PAY-${code}`,
      receivedAt: this.iso(at),
      amount: order.values.total,
      currency: order.values.currency,
      reference: bank ? `Booking ${code}` : code,
      orderId: order,
      status: 'matched',
      createdAt: this.iso(at),
      updatedAt: this.iso(at),
    });
    return { incomingPaymentId: incoming };
  }

  /** A payment finance has to look at: money with no order code, or not the amount of the order it names. */
  unmatchedPayment(values: {
    source: 'bank' | 'gateway';
    externalId: string;
    amount: number;
    reference: string;
    problem: 'noOrder' | 'amountMismatch';
    order?: Rec;
    daysAgo: number;
    ignored?: string;
  }): Rec {
    const at = this.now - values.daysAgo * DAY;
    return this.b.add('incoming_payments', {
      source: values.source,
      externalId: values.externalId,
      receivedAt: this.iso(at),
      amount: values.amount,
      currency: 'LAK',
      reference: values.reference,
      orderId: values.order ?? null,
      status: values.ignored ? 'ignored' : 'unmatched',
      problem: values.problem,
      reason:
        values.ignored ??
        (values.problem === 'noOrder' ? 'The reference names no order' : "The amount is not the order's total"),
      createdAt: this.iso(at),
      updatedAt: this.iso(at),
    });
  }

  /** A refund request still waiting (pending) or already turned down (rejected). */
  refundRequest(order: Rec, status: 'pending' | 'rejected', source: 'customer' | 'complaint' = 'customer'): Rec {
    const paidAt = Date.parse(String(order.values.paidAt));
    // A request still waiting came in within the last ten days (finance works its queue).
    const requested =
      status === 'pending'
        ? this.between(Math.max(paidAt, this.now - 10 * DAY), this.now)
        : this.before(paidAt + this.span(0.04, 3), paidAt);
    const decided = this.before(requested + this.span(0.08, 2), requested);
    const rec = this.b.add('refunds', {
      orderId: order,
      userId: order.values.userId,
      partnerId: order.values.partnerId,
      amount: order.values.total,
      currency: 'LAK',
      reason: this.random.pick(REFUND_REASONS),
      source,
      // After the departure the terms give nothing back; on a trip still ahead (a complaint's), all of it.
      termsAmount: source === 'complaint' ? order.values.total : 0,
      status,
      rejectionReason:
        status === 'rejected' ? 'The tour took place as booked; the cancellation window had passed' : null,
      decidedAt: status === 'rejected' ? this.iso(decided) : null,
      createdAt: this.iso(requested),
      updatedAt: this.iso(status === 'rejected' ? decided : requested),
    });
    if (status === 'rejected')
      this.audit(
        this.random.pick(this.financeStaff),
        'refunds',
        rec,
        'reject',
        'pending',
        'rejected',
        decided,
        String(rec.values.rejectionReason),
      );
    return rec;
  }

  /** A withdrawal; it never asks for more than the partner's available balance at that point. */
  withdrawal(
    partner: Rec,
    amount: number,
    status: 'pending' | 'approved' | 'paid' | 'rejected',
    at: number,
  ): Rec | undefined {
    const book = this.book(partner);
    if (status !== 'rejected' && (amount <= 0 || amount > this.available(partner, at))) return undefined;
    const decided = this.before(at + this.span(0.15, 1.25), at);
    const paidAt = this.before(decided + this.span(1, 2), decided);
    const finance = this.random.pick(this.financeStaff);
    const rec = this.b.add('withdrawals', {
      partnerId: partner,
      amount,
      currency: 'LAK',
      bankName: partner.values.bankName,
      bankAccountName: partner.values.bankAccountName,
      bankAccountNumber: partner.values.bankAccountNumber,
      note: null,
      status,
      reason: status === 'rejected' ? 'The bank account name does not match the company name' : null,
      reference: status === 'paid' ? `WD-${this.random.int(100000, 999999)}` : null,
      decidedAt: status === 'pending' ? null : this.iso(decided),
      paidAt: status === 'paid' ? this.iso(paidAt) : null,
      createdAt: this.iso(at),
      updatedAt: this.iso(status === 'paid' ? paidAt : status === 'pending' ? at : decided),
    });
    if (status === 'paid') {
      book.paidOut += amount;
      this.payment(
        {
          partnerId: partner,
          withdrawalId: rec,
          kind: 'payout',
          amount,
          method: 'bank_transfer',
          reference: rec.values.reference,
        },
        paidAt,
      );
      this.audit(finance, 'withdrawals', rec, 'approve', 'pending', 'approved', decided);
      this.audit(finance, 'withdrawals', rec, 'pay', 'approved', 'paid', paidAt);
    } else if (status === 'pending' || status === 'approved') {
      book.held += amount;
      if (status === 'approved') this.audit(finance, 'withdrawals', rec, 'approve', 'pending', 'approved', decided);
    } else {
      this.audit(finance, 'withdrawals', rec, 'reject', 'pending', 'rejected', decided, String(rec.values.reason));
    }
    return rec;
  }

  /** The review texts each traveller has written so far: the next one says something else. */
  private readonly reviewsWritten = new Map<Rec, Set<string>>();

  /** Each service's published ratings so far: their sum and count. */
  private readonly ratings = new Map<Rec, number[]>();

  /**
   * A traveller's review of a completed order, written within its 90 days; published ones may carry the partner's
   * reply and count in the service's rating ({average, count}, kept up to date here as the server does).
   */
  review(order: Rec, status: 'pending' | 'published' | 'rejected', rating: number, replied: boolean): Rec {
    const user = order.values.userId as Rec;
    const locale = user.values.locale as Locale;
    const completed = Date.parse(String(order.values.completedAt));
    const at = this.before(completed + this.span(0.2, status === 'pending' ? 4 : 30), completed);
    const decided = this.before(at + this.span(0.05, 2), at);
    const band = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'poor';
    const texts = REVIEW_TEXTS[locale] ?? REVIEW_TEXTS.en;
    // What the traveller writes fits the trip (no boat on a cooking class), and is not what they wrote before.
    const kind = String(((order.values.serviceId as Rec).values.tourTypeId as Rec | undefined)?.values.code ?? '');
    const said = texts[band].filter((one) => !one.kinds || one.kinds.includes(kind)).map((one) => one.text);
    const additions = REVIEW_ADDITIONS[locale] ?? REVIEW_ADDITIONS.en;
    const join = locale === 'zh' ? '' : ' ';
    const fitting = said.flatMap((text) => [text, ...additions.map((more) => `${text}${join}${more}`)]);
    const written = this.reviewsWritten.get(user) ?? new Set<string>();
    const fresh = fitting.filter((text) => !written.has(text));
    const text = this.random.pick(fresh.length ? fresh : fitting);
    written.add(text);
    this.reviewsWritten.set(user, written);
    const repliedAt = this.before(decided + this.span(0.1, 3), decided);
    order.values.reviewedAt = this.iso(at);
    const rec = this.b.add('reviews', {
      orderId: order,
      serviceId: order.values.serviceId,
      partnerId: order.values.partnerId,
      userId: user,
      reviewerName: reviewerNameOf(user.values.fullName),
      rating,
      text,
      locale,
      status,
      reason: status === 'rejected' ? 'Not about the trip itself' : null,
      publishedAt: status === 'published' ? this.iso(decided) : null,
      reply: replied ? this.random.pick(REVIEW_REPLIES[locale] ?? REVIEW_REPLIES.en) : null,
      repliedAt: replied ? this.iso(repliedAt) : null,
      createdAt: this.iso(at),
      updatedAt: this.iso(status === 'pending' ? at : replied ? repliedAt : decided),
    });
    if (status === 'published') {
      const service = order.values.serviceId as Rec;
      const [sum, count] = (this.ratings.get(service) ?? [0, 0]).map((n, i) => n + (i ? 1 : rating));
      this.ratings.set(service, [sum, count]);
      service.values.rating = { average: Math.round((sum / count) * 10) / 10, count };
    }
    if (status !== 'pending')
      this.audit(
        this.random.pick(this.moderators),
        'reviews',
        rec,
        status === 'published' ? 'publish' : 'reject',
        'pending',
        status,
        decided,
        status === 'rejected' ? String(rec.values.reason) : null,
      );
    return rec;
  }

  complaint(order: Rec | null, user: Rec, status: 'open' | 'in_progress' | 'resolved' | 'dismissed', at: number): Rec {
    const locale = user.values.locale as Locale;
    const subject = this.random.pick(COMPLAINT_SUBJECTS[locale] ?? COMPLAINT_SUBJECTS.en);
    const staff = [...this.moderators, ...this.supportStaff];
    const assignee =
      status === 'open' ? (this.random.chance(0.3) ? this.random.pick(staff) : null) : this.random.pick(staff);
    const closed = this.before(at + this.span(1, 6), at);
    const rec = this.b.add('complaints', {
      orderId: order,
      userId: user,
      partnerId: order ? order.values.partnerId : null,
      category: this.random.weighted({
        booking: 25,
        payment: 15,
        service_quality: 35,
        safety: 5,
        refund: 15,
        other: 5,
      }),
      subject,
      message: `${subject}. ${order ? `Booking ${String(order.values.code)}.` : ''} Please look into it.`,
      priority: this.random.weighted({ low: 20, normal: 55, high: 20, urgent: 5 }),
      assigneeId: assignee,
      status,
      resolution: status === 'resolved' ? 'The partner apologised and offered a free upgrade on the next trip.' : null,
      reason: status === 'dismissed' ? 'Duplicate of an earlier complaint' : null,
      resolvedAt: status === 'resolved' || status === 'dismissed' ? this.iso(closed) : null,
      createdAt: this.iso(at),
      updatedAt: this.iso(status === 'open' ? at : closed),
    });
    if (status === 'resolved' || status === 'dismissed')
      this.audit(
        assignee,
        'complaints',
        rec,
        status === 'resolved' ? 'resolve' : 'dismiss',
        'in_progress',
        status,
        closed,
        status === 'dismissed' ? String(rec.values.reason) : null,
      );
    return rec;
  }
}

export { DAY, MINUTE };

/**
 * The cancellation terms of a demo service, drawn from nothing random (the world's draws stay as they were): river
 * cruises and trips of several days, booked with operators who plan ahead, refund in tiers; the rest keep the
 * platform's terms (full refund until 24 hours before).
 */
function demoCancellationPolicy(tourType: string, days: number): { hoursBefore: number; refundPercent: number }[] {
  if (tourType === 'RIVER_CRUISE')
    return [
      { hoursBefore: 72, refundPercent: 100 },
      { hoursBefore: 24, refundPercent: 50 },
    ];
  if (days >= 2) return [{ hoursBefore: 48, refundPercent: 50 }];
  return [{ hoursBefore: 24, refundPercent: 100 }];
}

/** A demo service's children's ticket type, when it sells one. */
function childType(service: Rec): TicketType | undefined {
  return (service.values.ticketTypes as TicketType[] | undefined)?.find((type) => type.code === 'CHILD');
}

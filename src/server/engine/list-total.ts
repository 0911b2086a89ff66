/**
 * How a list total was obtained, sent as `X-Total-Count-Kind` beside `Content-Range`:
 * - `exact`: the true number of matching rows;
 * - `capped`: more than the limit matched; the total is limit + 1 and means "limit+" ("10,000+");
 * - `estimate`: more than the limit matched; the total is the planner's estimate ("about 100,800").
 */
export type CountKind = 'exact' | 'capped' | 'estimate';

export interface Total {
  total: number;
  kind: CountKind;
}

export { toDay } from '../../src/core/zoned-time';

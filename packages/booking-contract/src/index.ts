// zod's configuration first, before any schema of the contract is built (see zod.ts).
import './zod';
export { messages, en, type Messages, type StoreName } from './messages';
export * from './rules';
export * from './time';
export * from './format';
export * from './schemas';
export * from './fare-lines';
export * from './phone';
export * from './abn';
export * from './validation';
export * from './request-parsing';
export * from './draft';
export * from './widget-messages';
export * from './widget-step-messages';
export * from './widget-schemas';
export * from './bookings';
export * from './booking';
export * from './forms';

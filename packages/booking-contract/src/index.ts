export { messages, en, type Messages, type StoreName } from './messages';

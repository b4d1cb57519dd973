export type { Paise } from './money.js';
export { addPaise, paiseToRupees, rupeesToPaise, toPaise } from './money.js';

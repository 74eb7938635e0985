/**
 * The Early Access Premium signup end date. The spec gives two (March 1st on the plan card, June
 * 1st in the FAQ and on the subscribe page); the api's plans.ts (EARLY_ACCESS_ENDS) decides and
 * this mirrors it (a test keeps the two equal; see docs/decisions.md).
 */
export const EARLY_ACCESS_ENDS = 'June 1st';

/** Free's subscription level (requirements §L9). */
export const FREE_LEVEL = 1;
/** Early Access Premium's subscription level (requirements §L9). */
export const EARLY_ACCESS_LEVEL = 2;
/** The plan whose price Early Access discounts. */
export const REGULAR_PREMIUM_LEVEL = 3;
/** Enterprise's subscription level (requirements §L9). */
export const ENTERPRISE_LEVEL = 4;

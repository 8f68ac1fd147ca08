/**
 * The most paths or intake ids one message across the bridge may carry (the contract's bound).
 * Its own module so that the contract and `chunks.ts` (which sends under it and takes the
 * contract's result type) both import it without importing each other.
 */
export const MAX_PER_MESSAGE = 10_000;

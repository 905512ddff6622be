/** A seeded pseudo-random generator (mulberry32): the same seed always gives the same sequence. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** One element of a non-empty list. */
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** True with the given probability. */
    chance: (p: number) => next() < p,
    /** A string of n random decimal digits. */
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

/** The Luhn check digit for a string of digits. */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  // Doubling starts at the right-most digit of the body, since the check digit will follow it.
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when a digit string passes the Luhn check (its last digit is the check digit). */
export function isLuhnValid(value: string): boolean {
  return /^\d+$/.test(value) && luhnCheckDigit(value.slice(0, -1)) === value.slice(-1);
}

/** A 16-digit healthcare identifier: the prefix (800361 = HPI-I, 800362 = HPI-O), 9 digits, and the Luhn check digit over the first 15. */
export function hpiiFrom(nineDigits: string, prefix = '800361'): string {
  const body = `${prefix}${nineDigits}`;
  return body + luhnCheckDigit(body);
}

/** Default option interval (docs/product/features.md#feature-constants): 1800 seconds. */
export const DEFAULT_TIME_INTERVAL_SECONDS = 1800;
/** Earliest time of the default range. */
export const DEFAULT_MIN_TIME = '00:00';
/** Latest time of the default range. */
export const DEFAULT_MAX_TIME = '23:59';

const MINUTES_PER_DAY = 24 * 60;

/**
 * Parses what a person types as a time into minutes after midnight, or null if it is not a time.
 * Accepts 24-hour ("14:30", "1430", "9.15") and 12-hour ("2:30 pm", "2pm", "12am") forms.
 */
export function parseTime(input: string): number | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, '');
  if (!text) return null;
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?(am|pm|a|p)?$/.exec(text);
  if (!match) return null;
  const [, h, m, suffix] = match;
  let hours = Number(h);
  const minutes = m === undefined ? 0 : Number(m);
  if (minutes > 59) return null;
  if (suffix) {
    if (hours < 1 || hours > 12) return null;
    const pm = suffix.startsWith('p');
    hours = (hours % 12) + (pm ? 12 : 0);
  } else if (hours > 23) {
    return null;
  }
  // "930" would be read as hour 93; the regex makes three digits h + mm, so 930 → 9:30.
  return hours * 60 + minutes;
}

/** Formats minutes after midnight as 24-hour "HH:mm" (the stored value). */
export function toTimeValue(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Formats minutes after midnight in the portal's en-AU "h:mm am" style. */
export function toTimeLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** Options of a time range. */
export type TimeRange = {
  /** Interval between options in seconds (default 1800). */
  intervalSeconds?: number;
  /** Earliest time, "HH:mm" (default 00:00). */
  min?: string;
  /** Latest time, "HH:mm" (default 23:59). */
  max?: string;
};

function bound(value: string | undefined, fallback: string): number {
  const parsed = parseTime(value ?? fallback);
  if (parsed === null) throw new Error(`Invalid time bound: ${value}`);
  return parsed;
}

/** The "HH:mm" values from min to max at the interval (defaults: every 30 minutes from 00:00 to 23:59). */
export function timeOptions({
  intervalSeconds = DEFAULT_TIME_INTERVAL_SECONDS,
  min,
  max,
}: TimeRange = {}): string[] {
  const step = Math.max(1, Math.round(intervalSeconds / 60));
  const from = bound(min, DEFAULT_MIN_TIME);
  const to = Math.min(bound(max, DEFAULT_MAX_TIME), MINUTES_PER_DAY - 1);
  const values: string[] = [];
  for (let t = from; t <= to; t += step) values.push(toTimeValue(t));
  return values;
}

/** Rules for validateTime. */
export type TimeRules = {
  /** An empty value is an error. */
  required?: boolean;
  /** Earliest allowed "HH:mm". */
  min?: string;
  /** Latest allowed "HH:mm". */
  max?: string;
};

/** Validation messages. */
export const timeMessages = {
  required: 'Enter a time',
  invalid: 'Enter a valid time, for example 9:30 am',
  min: (min: string) => `Enter a time at or after ${toTimeLabel(bound(min, min))}`,
  max: (max: string) => `Enter a time at or before ${toTimeLabel(bound(max, max))}`,
};

/** Validates typed time text: the required, parse, minimum and maximum validators. Returns an error message or null. */
export function validateTime(
  input: string,
  { required = false, min, max }: TimeRules = {},
): string | null {
  if (!input.trim()) return required ? timeMessages.required : null;
  const minutes = parseTime(input);
  if (minutes === null) return timeMessages.invalid;
  if (min !== undefined && minutes < bound(min, min)) return timeMessages.min(min);
  if (max !== undefined && minutes > bound(max, max)) return timeMessages.max(max);
  return null;
}

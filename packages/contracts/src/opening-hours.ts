import { z } from 'zod';

// Opening hours, shared by a healthcare service (when it is open) and a practitioner role (when the
// practitioner is available in it): one editor, one schema (docs/decisions/080-hours-all-day-and-rsg.md).

export const weekDays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'publicHoliday'] as const;
export const WeekDay = z.enum(weekDays);
export type WeekDay = z.infer<typeof WeekDay>;
/** Display label of a day of the opening hours. */
export const weekDayLabel: Record<WeekDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
  publicHoliday: 'Public holidays',
};

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as hh:mm, for example 08:30');
export const OpeningTimeRange = z.object({ opens: time, closes: time });

const rangeWords = ['first range', 'second range', 'third range', 'fourth range'];

/** A day's range by its place, as the editor labels it: "second range". */
export const openingRangeWords = (index: number) => rangeWords[index] ?? `range ${index + 1}`;

/**
 * Which range a message is about: the day, and the range when the day has more than one ("Monday",
 * "Monday, second range"). An error summary lists the messages away from their fields.
 */
export const openingRangeName = (day: WeekDay, index: number, count: number) =>
  count > 1 ? `${weekDayLabel[day]}, ${openingRangeWords(index)}` : weekDayLabel[day];

/** One day of normal opening hours: closed (no ranges), open 24 hours (allDay), or open in time ranges. */
export const OpeningDay = z
  .object({ day: WeekDay, allDay: z.boolean(), ranges: z.array(OpeningTimeRange).max(4) })
  .superRefine((v, ctx) => {
    if (v.allDay) return;
    const sorted = v.ranges
      .map((r, index) => ({ ...r, index }))
      .sort((a, b) => a.opens.localeCompare(b.opens));
    // Times are 00:00 to 23:59 of one day: hours past midnight are this day's to 23:59, then the next day's.
    for (const r of sorted)
      if (r.closes <= r.opens)
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', r.index, 'closes'],
          message: `${openingRangeName(v.day, r.index, v.ranges.length)}: closing time must be after opening time. For hours past midnight, close at 23:59 and add the rest to the next day.`,
        });
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]!.opens < sorted[i - 1]!.closes)
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', sorted[i]!.index, 'opens'],
          message: 'Time ranges on the same day must not overlap',
        });
  });
export type OpeningDay = z.infer<typeof OpeningDay>;

/** A week of opening hours: each day at most once. */
export const OpeningHoursInput = z
  .array(OpeningDay)
  .max(weekDays.length)
  .superRefine((v, ctx) => {
    const days = v.map((d) => d.day);
    if (new Set(days).size !== days.length)
      ctx.addIssue({ code: 'custom', message: 'Each day may appear once' });
  });
export type OpeningHoursInput = z.infer<typeof OpeningHoursInput>;

/** Every day of the week closed: the editor's starting value when there are no hours. */
export const closedWeek = (): OpeningDay[] =>
  weekDays.map((day) => ({ day, allDay: false, ranges: [] }));

/** Whether a week of hours has any open day. */
export const hasHours = (days: readonly OpeningDay[]) =>
  days.some((d) => d.allDay || d.ranges.length > 0);

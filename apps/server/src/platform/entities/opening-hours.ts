import { type OpeningDay, weekDays } from '@pca/contracts';
import type { OpeningHours } from '#db/schema/index.ts';

// Stored periods are plain { day, opens, closes }; a whole day is stored as this one period.
const ALL_DAY = { opens: '00:00', closes: '23:59' } as const;

/** Stored periods as the form's days (every day listed, in week order; closed days have no ranges). */
export function toOpeningDays(stored: readonly OpeningHours[]): OpeningDay[] {
  return weekDays.map((day) => {
    const periods = stored
      .filter((p) => p.day === day)
      .sort((a, b) => a.opens.localeCompare(b.opens));
    const allDay =
      periods.length === 1 &&
      periods[0]!.opens === ALL_DAY.opens &&
      periods[0]!.closes === ALL_DAY.closes;
    return {
      day,
      allDay,
      ranges: allDay ? [] : periods.map(({ opens, closes }) => ({ opens, closes })),
    };
  });
}

/** The form's days as stored periods. */
export function toStoredHours(days: readonly OpeningDay[]): OpeningHours[] {
  return weekDays.flatMap((day) => {
    const d = days.find((x) => x.day === day);
    if (!d) return [];
    if (d.allDay) return [{ day, ...ALL_DAY }];
    return [...d.ranges]
      .sort((a, b) => a.opens.localeCompare(b.opens))
      .map(({ opens, closes }) => ({ day, opens, closes }));
  });
}

import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { SelectField, TextField } from '@pca/ui';
import { openingRangeWords, weekDayLabel, type OpeningDay } from '@pca/contracts/opening-hours.ts';

// One editor for a week of hours: a healthcare service's opening hours and a practitioner role's available
// time (docs/decisions/080-hours-all-day-and-rsg.md). Shared here because features never import each other.

/** One day of hours as words: "Open 24 hours", "08:00 to 12:00, 13:00 to 17:00" or "Closed". */
export const openingDayText = (
  d: OpeningDay,
  words: { allDay: string; closed: string } = { allDay: 'Open 24 hours', closed: 'Closed' },
) =>
  d.allDay
    ? words.allDay
    : d.ranges.length
      ? d.ranges.map((r) => `${r.opens} to ${r.closes}`).join(', ')
      : words.closed;

/**
 * A range's input label, unique on the page: "Monday opens" for the first range, "Monday opens, second
 * range" for the next, as the contract's messages name the ranges in the error summary.
 */
const rangeLabel = (words: string, range: number) =>
  range === 0 ? words : `${words}, ${openingRangeWords(range)}`;

type Mode = 'closed' | 'allDay' | 'hours';
const modeOf = (d: OpeningDay): Mode =>
  d.allDay ? 'allDay' : d.ranges.length ? 'hours' : 'closed';

/** Props of OpeningHoursEditor. */
export type OpeningHoursEditorProps = {
  /** The form field's name (ids are `${name}.${day}.…`, as the form's errors name them). */
  name: string;
  /** Every day of the week, in order. */
  value: OpeningDay[];
  /** Called with the whole week after any change. */
  onChange: (days: OpeningDay[]) => void;
  /** The message of a range's time, if it has one. */
  rangeError: (day: number, range: number, field: 'opens' | 'closes') => string | undefined;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** The group's legend. */
  legend?: string;
  /** The group's hint. */
  hint?: string;
  /** What a day without hours is called ("Closed" for a service, "Not available" for a role). */
  closedLabel?: string;
  /** What a whole day is called ("Open 24 hours", "Available 24 hours"). */
  allDayLabel?: string;
  /** What a day in time ranges is called. */
  hoursLabel?: string;
};

/** A week of hours, one row per day: closed, open 24 hours, or open in one or more time ranges. */
export function OpeningHoursEditor({
  name,
  value,
  onChange,
  rangeError,
  fieldId,
  legend = 'Opening hours',
  hint = 'Normal opening hours. Times are 24-hour, for example 08:30 or 17:00.',
  closedLabel = 'Closed',
  allDayLabel = 'Open 24 hours',
  hoursLabel = 'Open at set times',
}: OpeningHoursEditorProps) {
  const modeOptions = [
    { value: 'closed', label: closedLabel },
    { value: 'allDay', label: allDayLabel },
    { value: 'hours', label: hoursLabel },
  ];
  const setDay = (index: number, day: OpeningDay) =>
    onChange(value.map((d, i) => (i === index ? day : d)));
  return (
    <Fieldset legend={legend} hint={hint}>
      <Stack gap={1.5}>
        {value.map((day, index) => {
          const label = weekDayLabel[day.day];
          const setRanges = (ranges: OpeningDay['ranges']) => setDay(index, { ...day, ranges });
          return (
            // One compact row per day; the group names the day for screen readers.
            <div role="group" aria-label={label} key={day.day}>
              <Flex gap={1.5} alignItems="flex-start" flexWrap="wrap">
                <SelectField
                  id={fieldId(`${name}.${index}.mode`)}
                  label={`${label} hours`}
                  hideOptionalLabel
                  // Wide enough for "Available at set times" without cutting it short.
                  maxWidth="lg"
                  options={modeOptions}
                  placeholder=""
                  value={modeOf(day)}
                  onValueChange={(v) => {
                    const mode = v as Mode;
                    // Open 24 hours has no times (served as availableTime.allDay).
                    setDay(index, {
                      day: day.day,
                      allDay: mode === 'allDay',
                      ranges: mode === 'hours' ? [{ opens: '09:00', closes: '17:00' }] : [],
                    });
                  }}
                />
                {day.ranges.length ? (
                  <Stack gap={0.75}>
                    {day.ranges.map((range, r) => (
                      <Flex key={r} gap={1} alignItems="flex-end" flexWrap="wrap">
                        <TextField
                          id={fieldId(`${name}.${index}.ranges.${r}.opens`)}
                          label={rangeLabel(`${label} opens`, r)}
                          hideOptionalLabel
                          maxWidth="xs"
                          value={range.opens}
                          message={rangeError(index, r, 'opens')}
                          onValueChange={(opens) =>
                            setRanges(day.ranges.map((x, i) => (i === r ? { ...x, opens } : x)))
                          }
                        />
                        <TextField
                          id={fieldId(`${name}.${index}.ranges.${r}.closes`)}
                          label={rangeLabel(`${label} closes`, r)}
                          hideOptionalLabel
                          maxWidth="xs"
                          value={range.closes}
                          message={rangeError(index, r, 'closes')}
                          onValueChange={(closes) =>
                            setRanges(day.ranges.map((x, i) => (i === r ? { ...x, closes } : x)))
                          }
                        />
                        {day.ranges.length > 1 ? (
                          <Button
                            variant="tertiary"
                            onClick={() => setRanges(day.ranges.filter((_, i) => i !== r))}
                          >
                            {`Remove ${label} time range ${r + 1}`}
                          </Button>
                        ) : null}
                      </Flex>
                    ))}
                    {day.ranges.length < 4 ? (
                      <div>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() =>
                            setRanges([...day.ranges, { opens: '13:00', closes: '17:00' }])
                          }
                        >
                          {`Add ${label} time range`}
                        </Button>
                      </div>
                    ) : null}
                  </Stack>
                ) : null}
              </Flex>
            </div>
          );
        })}
      </Stack>
    </Fieldset>
  );
}

import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { Flex } from '@pca/ui/primitives/flex.ts';
import { Fieldset } from '@pca/ui/primitives/fieldset.ts';
import { Button } from '@pca/ui/button/button.tsx';
import { SelectField, TextField } from '@pca/ui';
import { weekDayLabel, type HealthcareServiceInput, type OpeningDay } from '@pca/contracts';

type Mode = 'closed' | 'allDay' | 'hours';
const modeOf = (d: OpeningDay): Mode =>
  d.allDay ? 'allDay' : d.ranges.length ? 'hours' : 'closed';
const modeOptions = [
  { value: 'closed', label: 'Closed' },
  { value: 'allDay', label: 'Open all day' },
  { value: 'hours', label: 'Open at set times' },
];

/** Props of OpeningHoursEditor. */
export type OpeningHoursEditorProps = {
  /** The form's control. */
  control: Control<HealthcareServiceInput>;
  /** The form's errors (nested range errors are shown at their inputs). */
  errors: FieldErrors<HealthcareServiceInput>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
};

/** Normal opening hours, one row per day: closed, open all day, or open in one or more time ranges. */
export function OpeningHoursEditor({ control, errors, fieldId }: OpeningHoursEditorProps) {
  return (
    <Fieldset
      legend="Opening hours"
      hint="Normal opening hours. Times are 24-hour, for example 08:30 or 17:00."
    >
      <Stack gap={1.5}>
        {Array.from({ length: 8 }, (_, index) => (
          <Controller
            key={index}
            control={control}
            name={`openingHours.${index}`}
            render={({ field }) => {
              const day = field.value;
              const dayErrors = errors.openingHours?.[index]?.ranges;
              const label = weekDayLabel[day.day];
              const setRanges = (ranges: OpeningDay['ranges']) =>
                field.onChange({ ...day, ranges });
              return (
                // One compact row per day; the group names the day for screen readers.
                <div role="group" aria-label={label}>
                  <Flex gap={1.5} alignItems="flex-start" flexWrap="wrap">
                    <SelectField
                      id={fieldId(`openingHours.${index}.mode`)}
                      label={`${label} hours`}
                      hideOptionalLabel
                      maxWidth="md"
                      options={modeOptions}
                      placeholder=""
                      value={modeOf(day)}
                      onValueChange={(value) => {
                        const mode = value as Mode;
                        field.onChange({
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
                              id={fieldId(`openingHours.${index}.ranges.${r}.opens`)}
                              label={`${label} opens`}
                              hideOptionalLabel
                              maxWidth="xs"
                              value={range.opens}
                              message={dayErrors?.[r]?.opens?.message}
                              onValueChange={(opens) =>
                                setRanges(day.ranges.map((x, i) => (i === r ? { ...x, opens } : x)))
                              }
                            />
                            <TextField
                              id={fieldId(`openingHours.${index}.ranges.${r}.closes`)}
                              label={`${label} closes`}
                              hideOptionalLabel
                              maxWidth="xs"
                              value={range.closes}
                              message={dayErrors?.[r]?.closes?.message}
                              onValueChange={(closes) =>
                                setRanges(
                                  day.ranges.map((x, i) => (i === r ? { ...x, closes } : x)),
                                )
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
            }}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

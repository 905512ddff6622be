import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { closedWeek, OpeningHoursInput } from '@pca/contracts/opening-hours.ts';
import { renderWithCore } from '@pca/ui/test-utils/render.tsx';
import { ErrorSummary, useFieldId } from './form-kit.tsx';
import { useSchemaForm } from './use-schema-form.ts';
import { OpeningHoursEditor } from './opening-hours-editor.tsx';

const Schema = z.object({ hours: OpeningHoursInput });

/** The editor in a form of its own, with the form's error summary, as the service and role forms have it. */
function HoursForm() {
  const form = useSchemaForm(Schema, { defaultValues: { hours: closedWeek() } });
  const fieldId = useFieldId();
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(() => undefined)(e)}>
      <ErrorSummary form={form} fieldId={fieldId} />
      <Controller
        control={form.control}
        name="hours"
        render={({ field }) => (
          <OpeningHoursEditor
            name="hours"
            value={field.value}
            onChange={field.onChange}
            rangeError={(d, r, f) => errors.hours?.[d]?.ranges?.[r]?.[f]?.message}
            fieldId={fieldId}
          />
        )}
      />
      <button type="submit">Save</button>
    </form>
  );
}

async function typeTime(user: ReturnType<typeof userEvent.setup>, name: string, time: string) {
  const input = screen.getByRole('textbox', { name });
  await user.clear(input);
  await user.type(input, time);
}

describe('OpeningHoursEditor', () => {
  it('names each range’s times apart when a day has two ranges', async () => {
    const user = userEvent.setup();
    renderWithCore(<HoursForm />);
    await user.selectOptions(screen.getByLabelText(/^Monday hours/), 'hours');
    await user.click(screen.getByRole('button', { name: 'Add Monday time range' }));
    // One input for each name: getByRole refuses two.
    expect(screen.getByRole('textbox', { name: 'Monday opens' })).toHaveValue('09:00');
    expect(screen.getByRole('textbox', { name: 'Monday closes' })).toHaveValue('17:00');
    expect(screen.getByRole('textbox', { name: 'Monday opens, second range' })).toHaveValue(
      '13:00',
    );
    expect(screen.getByRole('textbox', { name: 'Monday closes, second range' })).toHaveValue(
      '17:00',
    );
  });

  it('names the day, and the range when the day has more than one, in the error summary', async () => {
    const user = userEvent.setup();
    renderWithCore(<HoursForm />);
    await user.selectOptions(screen.getByLabelText(/^Monday hours/), 'hours');
    await user.click(screen.getByRole('button', { name: 'Add Monday time range' }));
    await typeTime(user, 'Monday opens, second range', '18:00');
    await user.selectOptions(screen.getByLabelText(/^Tuesday hours/), 'hours');
    await typeTime(user, 'Tuesday closes', '00:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    const hint = 'For hours past midnight, close at 23:59 and add the rest to the next day.';
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      `Monday, second range: closing time must be after opening time. ${hint}`,
      `Tuesday: closing time must be after opening time. ${hint}`,
    ]);
    // Each entry takes focus to its own range's input.
    await user.click(within(summary).getAllByRole('link')[0]!);
    expect(screen.getByRole('textbox', { name: 'Monday closes, second range' })).toHaveFocus();
  });
});

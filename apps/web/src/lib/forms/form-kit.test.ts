import { describe, expect, it } from 'vitest';
import { flattenErrors } from './form-kit.tsx';

describe('flattenErrors', () => {
  it('lists a field called type, not skipping it as an error’s own type', () => {
    const ref = { name: 'type' };
    expect(
      flattenErrors({
        type: { type: 'invalid_value', message: 'Select a document type', ref },
        issueDate: { type: 'too_small', message: 'Enter the issue date', ref },
      }),
    ).toEqual([
      ['type', 'Select a document type'],
      ['issueDate', 'Enter the issue date'],
    ]);
  });

  it('names nested fields by their path, and lists nothing for an error’s ref', () => {
    expect(
      flattenErrors({
        entries: [{ name: { type: 'custom', message: 'Enter a name', ref: { name: 'x' } } }],
        contact: { type: 'custom', message: '', ref: { message: 'not a field' } },
      } as never),
    ).toEqual([['entries.0.name', 'Enter a name']]);
  });
});

import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@pca/ui/button/button.tsx';
import { FormFrame } from '#lib/forms/form-kit.tsx';

/** Props of an add/edit form of an organisation, location or healthcare service. */
export type EntityFormProps<T extends FieldValues> = {
  /** The form's heading. */
  heading: string;
  /** Starting values. */
  defaultValues: T;
  /** Saves the values. */
  onSubmit: (values: T) => void;
  /** Leaves without saving. */
  onCancel: () => void;
  /** A save is in flight. */
  saving: boolean;
  /** The last save's error. */
  serverError: unknown;
};

/** Props of EntityForm. */
export type EntityFormFrameProps<T extends FieldValues> = Omit<
  EntityFormProps<T>,
  'defaultValues'
> & {
  /** The react-hook-form instance. */
  form: UseFormReturn<T, unknown, T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** The fields. */
  children: ReactNode;
  /** Space between the fields (a short form sits tighter). */
  gap?: 1.5 | 2;
};

/** The add/edit form frame: heading, error summary, the fields, then Save and Cancel. */
export function EntityForm<T extends FieldValues>({
  form,
  fieldId,
  heading,
  onSubmit,
  onCancel,
  saving,
  serverError,
  children,
  gap = 2,
}: EntityFormFrameProps<T>) {
  return (
    <FormFrame
      form={form}
      fieldId={fieldId}
      onSubmit={onSubmit}
      heading={heading}
      serverError={serverError}
      gap={gap}
      submitLabel="Save"
      saving={saving}
      otherActions={
        <Button variant="tertiary" onClick={onCancel}>
          Cancel
        </Button>
      }
    >
      {children}
    </FormFrame>
  );
}

import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { ControlGroup } from '@ag.ds-next/react/control-group';
import { Checkbox } from '@pca/ui/checkbox/checkbox.tsx';
import { TextField } from '@pca/ui/input-fields/text-field.tsx';
import { constants } from '@pca/contracts';

/** Props of ContactFields. */
export type ContactFieldsProps<T extends FieldValues> = {
  /** The form's control. */
  control: Control<T>;
  /** Ids given to the email and phone inputs (the error summary links to them). */
  ids: { email: string; phone: string };
};

/** Email and phone of the profile (spec 2 §5 Profile), bound to react-hook-form. */
export function ContactFields<T extends FieldValues>({ control, ids }: ContactFieldsProps<T>) {
  return (
    <>
      <Controller
        control={control}
        name={'email' as Path<T>}
        render={({ field, fieldState }) => (
          <TextField
            id={ids.email}
            label="Email"
            type="email"
            required
            maxLength={constants.emailMaxLength}
            name={field.name}
            value={String(field.value ?? '')}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            message={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name={'phone' as Path<T>}
        render={({ field, fieldState }) => (
          <TextField
            id={ids.phone}
            label="Phone"
            type="tel"
            required
            maxWidth="md"
            hint="A 6 or 10 digit number starting with 0 or 1"
            maxLength={constants.phoneMaxLength}
            name={field.name}
            value={String(field.value ?? '')}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            message={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}

/** Props of ConsentCheckbox. */
export type ConsentCheckboxProps<T extends FieldValues> = {
  /** The form's control. */
  control: Control<T>;
  /** The boolean field. */
  name: Path<T>;
  /** Id of the checkbox input (the error summary links to it). */
  id: string;
  /** The group's legend. */
  legend: string;
  /** The checkbox label. */
  children: string;
};

/** A required acceptance tick in its own labelled group, showing its error below. */
export function ConsentCheckbox<T extends FieldValues>({
  control,
  name,
  id,
  legend,
  children,
}: ConsentCheckboxProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ControlGroup
          label={legend}
          required
          invalid={Boolean(fieldState.error)}
          message={fieldState.error?.message}
        >
          <Checkbox
            id={id}
            name={field.name}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            invalid={Boolean(fieldState.error)}
          >
            {children}
          </Checkbox>
        </ControlGroup>
      )}
    />
  );
}

/** Stable element ids for a form's fields. */
export function useFieldIds<K extends string>(names: readonly K[]): Record<K, string> {
  const base = useId();
  return Object.fromEntries(names.map((n) => [n, `${base}-${n}`])) as Record<K, string>;
}

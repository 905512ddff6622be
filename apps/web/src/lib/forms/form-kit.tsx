import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
  Controller,
  useController,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Stack } from '@pca/ui/primitives/stack.ts';
import { H2 } from '@pca/ui/primitives/heading.ts';
import { ControlGroup } from '@pca/ui/primitives/control-group.ts';
import { Button, ButtonGroup } from '@pca/ui/button/button.tsx';
// Imported by path, not from the index, so a form's chunk does not pull in the whole design system.
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Checkbox, CheckboxGroup, type CheckboxGroupProps } from '@pca/ui/checkbox/checkbox.tsx';
import {
  NumberField,
  SelectField,
  TextareaField,
  TextField,
  type SelectOption,
} from '@pca/ui/input-fields/text-field.tsx';
import { Combobox, type ComboboxOption } from '@pca/ui/input-fields/combobox.tsx';
import { ApiError } from '#lib/http.ts';
import { describeApiErrorText } from '#lib/errors/describe-api-error.ts';

// The react-hook-form ↔ AgDS adapter shared by the portal's forms.

/** Flattens nested react-hook-form errors to { 'a.0.b': message }. */
export function flattenErrors(errors: FieldErrors, prefix = ''): Array<[string, string]> {
  return Object.entries(errors).flatMap(([key, value]) => {
    // An error's own `type` is a string, not a field (a field may well be called `type`: a document's);
    // its `ref` is the field's element.
    if (!value || typeof value !== 'object' || key === 'ref') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) return [[name, message]];
    return flattenErrors(value as FieldErrors, name);
  });
}

/** A stable element id for a field name within one form. */
export function useFieldId(): (name: string) => string {
  const base = useId().replace(/:/g, '');
  return (name: string) => `${base}-${name.replace(/\./g, '-')}`;
}

/** Props of ErrorSummary. */
export type ErrorSummaryProps = {
  /** The react-hook-form instance: its errors, and its submit count, bumped on every failed submit so focus returns to the summary. */
  form: { formState: { errors: FieldErrors; submitCount: number } };
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** Errors the server answered, shown with the form's own. */
  serverError?: unknown;
  /** A message of the form's own about the last attempt (instead of the generic one for serverError). */
  message?: string | null;
  /** [field, message] of fields the schema does not hold (a file picker), listed before the schema's. */
  otherErrors?: Array<[string, string]>;
};

/**
 * The errors in the order of their fields on the page: the schema reports them in its own order (its checks
 * across fields, such as a postal address begun, last), which is not the order a person reads the form in.
 * Errors whose field is not found on the page (a group without an id) keep their places.
 */
export function inPageOrder(
  entries: Array<[string, string]>,
  fieldId: (name: string) => string,
): Array<[string, string]> {
  const elements = entries.map(([name]) =>
    typeof document === 'undefined' ? null : document.getElementById(fieldId(name)),
  );
  const placed = entries.flatMap((entry, index) => {
    const element = elements[index];
    return element ? [{ entry, element }] : [];
  });
  placed.sort((a, b) =>
    a.element === b.element
      ? 0
      : a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING
        ? -1
        : 1,
  );
  let next = 0;
  return entries.map((entry, index) => (elements[index] ? placed[next++]!.entry : entry));
}

/** The form's error summary: takes focus after a failed submit and links to each invalid field. */
export function ErrorSummary({
  form,
  fieldId,
  serverError,
  message,
  otherErrors = [],
}: ErrorSummaryProps) {
  const { errors, submitCount } = form.formState;
  const ref = useRef<HTMLDivElement>(null);
  const problem = serverError instanceof ApiError ? serverError.problem : null;
  const entries = inPageOrder(
    [
      ...otherErrors,
      ...flattenErrors(errors),
      ...(problem?.errors ?? []).map((e): [string, string] => [e.field, e.message]),
    ],
    fieldId,
  );
  const general =
    message ??
    (serverError && !problem?.errors?.length
      ? describeApiErrorText(serverError, { thing: 'your changes', action: 'save' })
      : null);
  const show = entries.length > 0 || general !== null;
  useEffect(() => {
    if (show) ref.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [submitCount, show, serverError, general]);
  if (!show) return null;
  return (
    <div ref={ref}>
      <Alert tone="error" title="There is a problem" focusable>
        {general ? <p style={{ margin: 0 }}>{general}</p> : null}
        {entries.length ? (
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {entries.map(([name, message]) => (
              <li key={`${name}-${message}`}>
                <a
                  href={`#${fieldId(name)}`}
                  // Inline links stacked line by line are too small a target (WCAG 2.2 target size).
                  style={{ display: 'inline-block', minHeight: '1.5rem', padding: '0.125rem 0' }}
                  onClick={(event) => {
                    // Focus the field itself; a hash change would be taken by the router.
                    event.preventDefault();
                    document.getElementById(fieldId(name))?.focus();
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Alert>
    </div>
  );
}

/** What every bound field is given: the form's control, the field's name, the form's element ids, and its label. */
type BoundFieldProps<T extends FieldValues, TOut extends FieldValues> = {
  /** The form's control (TOut: the values after the resolver). */
  control: Control<T, unknown, TOut>;
  /** Field name. */
  name: Path<T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** The message to show instead of the field's own error (a form that words its own). */
  message?: string;
  /** Called after the form takes a new value. */
  onValueChange?: (value: string) => void;
  /** Called after the form marks the field touched. */
  onBlur?: () => void;
  /** Visible label. */
  label: string;
  /** Hint under the label. */
  hint?: string;
  /** Required marker. */
  required?: boolean;
};

const bindingKeys = ['control', 'name', 'fieldId', 'message', 'onValueChange', 'onBlur'] as const;

/**
 * The react-hook-form glue of one field (the Controller every bound field would otherwise write again): the
 * field's own props with its id, name, value, change and blur handlers, ref and error message added.
 */
function useBoundField<
  T extends FieldValues,
  TOut extends FieldValues,
  P extends BoundFieldProps<T, TOut>,
>(props: P & BoundFieldProps<T, TOut>) {
  const { control, name, fieldId, message, onValueChange, onBlur } = props;
  const { field, fieldState } = useController<T, Path<T>, TOut>({ control, name });
  const own = { ...props } as Record<string, unknown>;
  for (const key of bindingKeys) delete own[key];
  return {
    ...(own as Omit<P, (typeof bindingKeys)[number]>),
    id: fieldId(name),
    name: field.name,
    value: String(field.value ?? ''),
    onValueChange: (value: string) => {
      field.onChange(value);
      onValueChange?.(value);
    },
    onBlur: () => {
      field.onBlur();
      onBlur?.();
    },
    ref: field.ref,
    message: message ?? fieldState.error?.message,
  };
}

/** Props of FormTextField. */
export type FormTextFieldProps<
  T extends FieldValues,
  TOut extends FieldValues = T,
> = BoundFieldProps<T, TOut> & {
  /** text, email or tel. */
  type?: 'text' | 'email' | 'tel';
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Maximum number of characters. */
  maxLength?: number;
};

/** A text field bound to react-hook-form, showing its error. */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>(
  props: FormTextFieldProps<T, TOut>,
) {
  return <TextField {...useBoundField(props)} />;
}

/** Props of FormNumberField. */
export type FormNumberFieldProps<
  T extends FieldValues,
  TOut extends FieldValues = T,
> = BoundFieldProps<T, TOut> & {
  /** Maximum number of digits. */
  maxLength?: number;
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
};

/** A digits-only field (an identifier such as an HPI-I) bound to react-hook-form, showing its error. */
export function FormNumberField<T extends FieldValues, TOut extends FieldValues = T>(
  props: FormNumberFieldProps<T, TOut>,
) {
  return <NumberField {...useBoundField(props)} />;
}

/** Props of FormTextareaField. */
export type FormTextareaFieldProps<
  T extends FieldValues,
  TOut extends FieldValues = T,
> = BoundFieldProps<T, TOut> & {
  /** Maximum characters; a live "n characters remaining" count is shown. */
  maxLength?: number;
};

/** A multi-line field bound to react-hook-form, showing its error. */
export function FormTextareaField<T extends FieldValues, TOut extends FieldValues = T>(
  props: FormTextareaFieldProps<T, TOut>,
) {
  return <TextareaField {...useBoundField(props)} />;
}

/** Props of FormSelectField. */
export type FormSelectFieldProps<
  T extends FieldValues,
  TOut extends FieldValues = T,
> = BoundFieldProps<T, TOut> & {
  /** The options. */
  options: SelectOption[];
  /** The empty choice's words (e.g. "Prefer not to say"). */
  placeholder?: string;
  /** Field width. */
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
};

/** A drop-down list bound to react-hook-form, showing its error. */
export function FormSelectField<T extends FieldValues, TOut extends FieldValues = T>(
  props: FormSelectFieldProps<T, TOut>,
) {
  return <SelectField {...useBoundField(props)} />;
}

/** Props of FormCheckbox. */
export type FormCheckboxProps<T extends FieldValues, TOut extends FieldValues = T> = {
  /** The form's control (TOut: the values after the resolver). */
  control: Control<T, unknown, TOut>;
  /** The boolean field. */
  name: Path<T>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** The label. */
  children: string;
  /** If given, the checkbox is a required tick in its own group with this legend, its error shown below. */
  legend?: string;
  /** Shown in the group before the tick: what is accepted, e.g. a link to the document (with a legend). */
  before?: ReactNode;
};

/** A checkbox bound to a boolean field. */
export function FormCheckbox<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  fieldId,
  children,
  legend,
  before,
}: FormCheckboxProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const checkbox = (
          <Checkbox
            id={fieldId(name)}
            name={field.name}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            invalid={Boolean(fieldState.error)}
          >
            {children}
          </Checkbox>
        );
        return legend === undefined ? (
          checkbox
        ) : (
          <ControlGroup
            label={legend}
            required
            // With something before the tick (a document's link), the two are stacked, not side by side.
            block={before !== undefined}
            invalid={Boolean(fieldState.error)}
            message={fieldState.error?.message}
          >
            {before}
            {checkbox}
          </ControlGroup>
        );
      }}
    />
  );
}

/** Props of FormCheckboxGroupField: the group's legend, hint and options, and the list field it sets. */
export type FormCheckboxGroupFieldProps<T extends FieldValues, TOut extends FieldValues = T> = Omit<
  CheckboxGroupProps,
  'value' | 'onChange' | 'message'
> & {
  /** The form's control (TOut: the values after the resolver). */
  control: Control<T, unknown, TOut>;
  /** The field holding the values ticked (none when it is empty). */
  name: Path<T>;
};

/** A group of checkboxes bound to a list field, showing its error. */
export function FormCheckboxGroupField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  ...group
}: FormCheckboxGroupFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CheckboxGroup
          {...group}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          message={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Props of FormFrame. */
export type FormFrameProps<T extends FieldValues, TOut extends FieldValues = T> = {
  /** The react-hook-form instance (TOut: the values after the resolver, if it transforms them). */
  form: UseFormReturn<T, unknown, TOut>;
  /** Element id of a field by name. */
  fieldId: (name: string) => string;
  /** Called with the valid values. */
  onSubmit: (values: TOut) => void;
  /** The form's heading (also its accessible name), if it has one. */
  heading?: string;
  /** Text shown above the error summary. */
  intro?: ReactNode;
  /** Errors the server answered, shown in the summary. */
  serverError: unknown;
  /** Space between the fields. */
  gap?: 1.5 | 2;
  /** The fields. */
  children: ReactNode;
  /** The submit button's label. */
  submitLabel: string;
  /** A save is in flight (the submit button shows it). */
  saving: boolean;
  /** The buttons after the submit button (Back, Decline, Cancel). */
  otherActions?: ReactNode;
  /** Errors of fields the schema does not hold (a file picker), shown first in the summary. */
  otherErrors?: ErrorSummaryProps['otherErrors'];
};

/** A validated form: its heading, the error summary, the fields, then the submit and other buttons. */
export function FormFrame<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  fieldId,
  onSubmit,
  heading,
  intro,
  serverError,
  gap = 1.5,
  children,
  submitLabel,
  saving,
  otherActions,
  otherErrors,
}: FormFrameProps<T, TOut>) {
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-labelledby={heading ? fieldId('heading') : undefined}
    >
      <Stack gap={gap}>
        {heading ? <H2 id={fieldId('heading')}>{heading}</H2> : null}
        {intro}
        <ErrorSummary
          form={form}
          fieldId={fieldId}
          serverError={serverError}
          otherErrors={otherErrors}
        />
        {children}
        <ButtonGroup>
          <Button type="submit" loading={saving} loadingLabel="Saving">
            {submitLabel}
          </Button>
          {otherActions}
        </ButtonGroup>
      </Stack>
    </form>
  );
}

/** Props of FormComboboxField. */
export type FormComboboxFieldProps<
  T extends FieldValues,
  TOut extends FieldValues = T,
> = BoundFieldProps<T, TOut> & {
  /** Every option; the list shows those whose label contains what is typed. */
  options: ComboboxOption[];
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Shown in the list while the options load. */
  loading?: boolean;
};

/**
 * A text bound to react-hook-form that is picked from a list (a terminology's concepts): typing filters the
 * list, choosing an option puts its label in the field (docs/decisions/071-terminology-and-codes.md).
 */
export function FormComboboxField<T extends FieldValues, TOut extends FieldValues = T>(
  props: FormComboboxFieldProps<T, TOut>,
) {
  const { options, loading, value, onValueChange, ...field } = useBoundField(props);
  const typed = value.trim().toLowerCase();
  const shown = typed
    ? options.filter((o) => o.label.toLowerCase().includes(typed)).slice(0, 50)
    : options.slice(0, 50);
  return (
    <Combobox
      {...field}
      inputValue={value}
      onInputChange={onValueChange}
      onSelect={(o) => onValueChange(o.label)}
      options={shown}
      loading={loading}
      emptyText="No match: choose one from the list"
    />
  );
}

import type { ChangeEvent, ClipboardEvent, FocusEvent, Ref } from 'react';
import { TextInput } from '@ag.ds-next/react/text-input';
import { Select } from '@ag.ds-next/react/select';
import { Textarea } from '@ag.ds-next/react/textarea';

/** Props shared by the portal's labelled fields. */
export type FieldBaseProps = {
  /** Visible label (the field's accessible name). */
  label: string;
  /** Hint under the label. */
  hint?: string;
  /** Error message; makes the field invalid. */
  message?: string;
  /** Marks the field required (and hides "(optional)"). */
  required?: boolean;
  /** Field name (form submission and react-hook-form). */
  name?: string;
  /** Element id; generated when omitted. */
  id?: string;
  /** Disabled state. */
  disabled?: boolean;
  /** Blur handler (react-hook-form touches the field here). */
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  /** Hide the "(optional)" suffix. */
  hideOptionalLabel?: boolean;
};

/** Props of TextField. */
export type TextFieldProps = FieldBaseProps & {
  /** text, email or tel (phone). */
  type?: 'text' | 'email' | 'tel';
  /** Current value. */
  value?: string;
  /** Called with the new value. */
  onValueChange?: (value: string) => void;
  /** Native change handler (react-hook-form's register). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Maximum number of characters. */
  maxLength?: number;
  /** Browser autofill hint. */
  autoComplete?: string;
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Input ref (react-hook-form focuses invalid fields through it). */
  ref?: Ref<HTMLInputElement>;
};

const autoCompleteFor = { text: undefined, email: 'email', tel: 'tel' } as const;

/**
 * A paste into a field with a maximum length. The browser cuts pasted text to the room left before the form sees
 * it, so a value copied with a space around it, or an identifier printed in groups ("8003 6118 6091 3908"), lost
 * its last characters and then failed its check. When `clean` changes the pasted text, the field takes the cleaned
 * text in its place instead, cut to maxLength; otherwise the browser pastes as usual.
 */
export function pasteCleaned(
  event: ClipboardEvent<HTMLInputElement>,
  clean: (text: string) => string,
  onValue: (value: string) => void,
  maxLength?: number,
): void {
  const pasted = event.clipboardData.getData('text');
  const cleaned = clean(pasted);
  if (cleaned === pasted) return;
  event.preventDefault();
  const input = event.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const next =
    input.value.slice(0, start) + cleaned + input.value.slice(input.selectionEnd ?? start);
  onValue(maxLength === undefined ? next : next.slice(0, maxLength));
}

/**
 * The paste handler as a prop of AgDS's TextInput, which hands it to its input element though its type lists only
 * some of an input's handlers (the ui tests paste into both fields).
 */
const onPaste = (
  clean: (text: string) => string,
  onValue: (value: string) => void,
  maxLength?: number,
): object => ({
  onPaste: (event: ClipboardEvent<HTMLInputElement>) =>
    pasteCleaned(event, clean, onValue, maxLength),
});

/** A labelled single-line text, email or phone field (AgDS TextInput). */
export function TextField({
  type = 'text',
  message,
  onValueChange,
  onChange,
  autoComplete,
  maxWidth = 'lg',
  ref,
  ...props
}: TextFieldProps) {
  return (
    <TextInput
      {...props}
      ref={ref}
      type={type}
      inputMode={type === 'tel' ? 'tel' : type === 'email' ? 'email' : undefined}
      autoComplete={autoComplete ?? autoCompleteFor[type]}
      invalid={Boolean(message)}
      message={message}
      maxWidth={maxWidth}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
      // Spaces around a pasted value are dropped, so they cannot push its end past maxLength.
      {...(onValueChange && props.maxLength !== undefined
        ? onPaste((text) => text.trim(), onValueChange, props.maxLength)
        : {})}
    />
  );
}

/** Keeps only digits and cuts to maxLength (numbers such as an HPI-I are identifiers, not quantities). */
export function digitsOnly(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/** Props of NumberField. */
export type NumberFieldProps = FieldBaseProps & {
  /** Current value (digits). */
  value: string;
  /** Called with the digits typed, cut to maxLength. */
  onValueChange: (value: string) => void;
  /** Maximum number of digits (e.g. 10 for an RA number, 16 for an HPI-I). */
  maxLength?: number;
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Input ref. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * A numeric field with a maximum length. A text input with inputMode numeric, because
 * type="number" ignores maxLength and mangles leading zeros.
 */
export function NumberField({
  message,
  value,
  onValueChange,
  maxLength,
  maxWidth = 'md',
  ref,
  ...props
}: NumberFieldProps) {
  return (
    <TextInput
      {...props}
      ref={ref}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={maxLength}
      value={value}
      invalid={Boolean(message)}
      message={message}
      maxWidth={maxWidth}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        onValueChange(digitsOnly(event.target.value, maxLength))
      }
      // An identifier pasted with spaces or dashes between its groups keeps all its digits.
      {...onPaste((text) => digitsOnly(text), onValueChange, maxLength)}
    />
  );
}

/** An option of a select. */
export type SelectOption = { value: string; label: string; disabled?: boolean };

/** Props of SelectField. */
export type SelectFieldProps = FieldBaseProps & {
  /** Options. */
  options: SelectOption[];
  /** Selected value ('' for none). */
  value?: string;
  /** Called with the selected value. */
  onValueChange?: (value: string) => void;
  /** Native change handler. */
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** Text of the empty first option. */
  placeholder?: string;
  /** Field width. */
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  /** Select ref. */
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled drop-down list (AgDS Select). */
export function SelectField({
  message,
  options,
  onValueChange,
  onChange,
  placeholder = 'Please select',
  maxWidth = 'lg',
  ref,
  ...props
}: SelectFieldProps) {
  return (
    <Select
      {...props}
      ref={ref}
      options={options}
      placeholder={placeholder}
      invalid={Boolean(message)}
      message={message}
      maxWidth={maxWidth}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
    />
  );
}

/** Props of TextareaField. */
export type TextareaFieldProps = FieldBaseProps & {
  /** Current value. */
  value?: string;
  /** Called with the new value. */
  onValueChange?: (value: string) => void;
  /** Native change handler. */
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** Maximum characters; a live "n characters remaining" count is shown. */
  maxLength?: number;
  /** Visible rows. */
  rows?: number;
  /** Textarea ref. */
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line field with an optional remaining-characters count (AgDS Textarea). */
export function TextareaField({
  message,
  value,
  onValueChange,
  onChange,
  maxLength,
  hint,
  ref,
  ...props
}: TextareaFieldProps) {
  const remaining = maxLength === undefined ? undefined : maxLength - (value?.length ?? 0);
  const counter = remaining === undefined ? undefined : `${remaining} characters remaining`;
  return (
    <Textarea
      {...props}
      ref={ref}
      value={value}
      maxWidth="xl"
      hint={[hint, counter].filter(Boolean).join('. ') || undefined}
      invalid={Boolean(message)}
      message={message}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        const next =
          maxLength === undefined ? event.target.value : event.target.value.slice(0, maxLength);
        onChange?.(event);
        onValueChange?.(next);
      }}
    />
  );
}

import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { ClassNames, type CSSObject } from '@emotion/react';
import { Field } from '@ag.ds-next/react/field';
import { textInputStyles } from '@ag.ds-next/react/text-input';
import { boxPalette, tokens } from '@ag.ds-next/react/core';

/** An option of a combobox. */
export type ComboboxOption = { value: string; label: string };

/** Props of Combobox (the shared ARIA 1.2 combobox behind Autocomplete and TimePicker). */
export type ComboboxProps = {
  /** Visible label. */
  label: string;
  /** Hint under the label. */
  hint?: string;
  /** Error message. */
  message?: string;
  /** Required marker. */
  required?: boolean;
  /** Element id of the input. */
  id?: string;
  /** Name of the input. */
  name?: string;
  /** Text in the input. */
  inputValue: string;
  /** Called as the user types. */
  onInputChange: (text: string) => void;
  /** Called when an option is chosen. */
  onSelect: (option: ComboboxOption) => void;
  /** Options to show (already filtered). */
  options: ComboboxOption[];
  /** Whether the list may open (e.g. false below the minimum characters). */
  canOpen?: boolean;
  /** Text shown in the list when there are no options. */
  emptyText?: string;
  /** Shown instead of options while loading. */
  loading?: boolean;
  /** Blur handler. */
  onBlur?: () => void;
  /** Field width. */
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** Input ref. */
  ref?: Ref<HTMLInputElement>;
  /** Browser autofill hint ("off" by default so it does not cover the list). */
  autoComplete?: string;
};

/** Where the listbox, or the status in its place, shows: under the input, over what follows. */
const popupStyle = {
  position: 'absolute',
  zIndex: tokens.zIndex.popover,
  left: 0,
  right: 0,
  margin: 0,
  padding: 0,
  background: boxPalette.backgroundBody,
  border: `${tokens.borderWidth.md}px solid ${boxPalette.border}`,
  borderTop: 0,
} as const;

/** An editable combobox with a listbox popup: ArrowDown/ArrowUp move, Enter chooses, Escape closes. */
export function Combobox({
  label,
  hint,
  message,
  required,
  id,
  name,
  inputValue,
  onInputChange,
  onSelect,
  options,
  canOpen = true,
  emptyText = 'No results found',
  loading = false,
  onBlur,
  maxWidth = 'lg',
  ref,
  autoComplete = 'off',
}: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && canOpen;
  // The listbox shows only with options in it: a listbox must own options (ARIA 1.2, axe
  // aria-required-children), so "Loading…" and the empty text are a status beside it instead.
  const listShown = expanded && !loading && options.length > 0;
  const note = expanded && !listShown ? (loading ? 'Loading…' : emptyText) : null;
  const activeId =
    listShown && active >= 0 && active < options.length ? `${listId}-${active}` : undefined;

  const choose = (option: ComboboxOption) => {
    onSelect(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        const option = listShown && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  return (
    <Field
      label={label}
      hint={hint}
      message={message}
      invalid={Boolean(message)}
      required={required}
      id={id}
      maxWidth={maxWidth}
    >
      {(a11yProps) => (
        <div style={{ position: 'relative', maxWidth: tokens.maxWidth.field[maxWidth] }}>
          <ClassNames>
            {({ css }) => (
              <input
                {...a11yProps}
                ref={ref}
                name={name}
                type="text"
                role="combobox"
                aria-autocomplete="list"
                aria-expanded={listShown}
                aria-controls={listId}
                aria-activedescendant={activeId}
                autoComplete={autoComplete}
                // AgDS types outlineStyle as string, which emotion's stricter CSSObject rejects; the values are valid CSS.
                className={css(textInputStyles({ block: true }) as unknown as CSSObject)}
                value={inputValue}
                onChange={(event) => {
                  onInputChange(event.target.value);
                  setOpen(true);
                  setActive(-1);
                }}
                onKeyDown={onKeyDown}
                onClick={() => setOpen((o) => !o)}
                onBlur={() => {
                  setOpen(false);
                  setActive(-1);
                  onBlur?.();
                }}
              />
            )}
          </ClassNames>
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            hidden={!listShown}
            style={{ ...popupStyle, listStyle: 'none', maxHeight: 280, overflowY: 'auto' }}
          >
            {options.map((option, index) => (
              <li
                key={option.value}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // mousedown would blur the input and close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                style={{
                  padding: '0.5rem 1rem',
                  cursor: 'pointer',
                  background: index === active ? boxPalette.backgroundShade : undefined,
                  textDecoration: index === active ? 'underline' : undefined,
                }}
              >
                {option.label}
              </li>
            ))}
          </ul>
          {/* Always in the page, so a screen reader announces the text that appears in it. */}
          <div role="status">
            {note ? <div style={{ ...popupStyle, padding: '0.5rem 1rem' }}>{note}</div> : null}
          </div>
        </div>
      )}
    </Field>
  );
}

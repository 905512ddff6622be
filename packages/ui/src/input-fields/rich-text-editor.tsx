import { useEffect, useId, useRef, useState, type ClipboardEvent } from 'react';
import { Stack } from '@ag.ds-next/react/stack';
import { Flex } from '@ag.ds-next/react/flex';
import { FieldLabel, FieldHint, FieldMessage } from '@ag.ds-next/react/field';
import { Text } from '@ag.ds-next/react/text';
import { boxPalette, tokens } from '@ag.ds-next/react/core';
import { VisuallyHidden } from '@ag.ds-next/react/a11y';
import { editorAllowList, htmlTextLength, sanitiseHtml } from './sanitise-html.ts';

/** Formatting commands of the toolbar. */
const COMMANDS = [
  { command: 'bold', label: 'Bold', glyph: 'B', style: { fontWeight: 700 } },
  { command: 'italic', label: 'Italic', glyph: 'I', style: { fontStyle: 'italic' } },
  { command: 'underline', label: 'Underline', glyph: 'U', style: { textDecoration: 'underline' } },
  { command: 'insertUnorderedList', label: 'Bulleted list', glyph: '•', style: {} },
  { command: 'insertOrderedList', label: 'Numbered list', glyph: '1.', style: {} },
] as const;

/** Props of RichTextEditor. */
export type RichTextEditorProps = {
  /** Visible label (the editor's accessible name). */
  label: string;
  /** Hint under the label. */
  hint?: string;
  /** Error message. */
  message?: string;
  /** Required marker. */
  required?: boolean;
  /** Initial HTML (sanitised before display). */
  defaultValue?: string;
  /** Called with sanitised HTML after every edit. */
  onChange?: (html: string) => void;
  /** Maximum number of visible characters (spec demo: 500). */
  maxLength?: number;
};

/** True when the browser still supports execCommand (jsdom and some future browsers do not). */
function exec(command: string): boolean {
  return typeof document.execCommand === 'function' && document.execCommand(command, false);
}

function queryState(command: string): boolean {
  try {
    return typeof document.queryCommandState === 'function' && document.queryCommandState(command);
  } catch {
    return false;
  }
}

/** A small rich text editor (bold, italic, underline, lists) whose output is sanitised and limited to maxLength characters. */
export function RichTextEditor({
  label,
  hint,
  message,
  required,
  defaultValue = '',
  onChange,
  maxLength = 500,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const messageId = `${id}-message`;
  const editorRef = useRef<HTMLDivElement>(null);
  const [initialHtml] = useState(() => sanitiseHtml(defaultValue, editorAllowList));
  const lastValid = useRef(initialHtml);
  const [length, setLength] = useState(() => htmlTextLength(initialHtml));
  const [pressed, setPressed] = useState<Record<string, boolean>>({});

  useEffect(() => {
    // The editor's DOM is owned by the browser while typing, so React sets it only once.
    if (editorRef.current) editorRef.current.innerHTML = initialHtml;
  }, [initialHtml]);

  const refreshPressed = () =>
    setPressed(Object.fromEntries(COMMANDS.map(({ command }) => [command, queryState(command)])));

  const onInput = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const clean = sanitiseHtml(editor.innerHTML, editorAllowList);
    const textLength = htmlTextLength(clean);
    if (textLength > maxLength) {
      // Over the limit: undo the edit rather than silently truncating in the middle of formatting.
      editor.innerHTML = lastValid.current;
      placeCaretAtEnd(editor);
      return;
    }
    lastValid.current = clean;
    setLength(textLength);
    onChange?.(clean);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    // Pasted markup from other sites carries styles and scripts; only its text is inserted.
    event.preventDefault();
    const room = maxLength - length;
    const text = event.clipboardData.getData('text/plain').slice(0, Math.max(0, room));
    if (text && typeof document.execCommand === 'function')
      document.execCommand('insertText', false, text);
    onInput();
  };

  const describedBy = [hint ? hintId : null, counterId, message ? messageId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap={0.5}>
      <FieldLabel as="div" id={labelId} required={Boolean(required)}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {message ? <FieldMessage id={messageId}>{message}</FieldMessage> : null}
      <div
        style={{
          border: `${tokens.borderWidth.lg}px solid ${message ? boxPalette.systemError : boxPalette.border}`,
          borderRadius: tokens.borderRadius,
          maxWidth: tokens.maxWidth.field.xl,
          background: boxPalette.backgroundBody,
        }}
      >
        <Flex
          role="toolbar"
          aria-label={`${label} formatting`}
          aria-controls={`${id}-editor`}
          gap={0.25}
          padding={0.25}
          style={{ borderBottom: `1px solid ${boxPalette.borderMuted}` }}
        >
          {COMMANDS.map(({ command, label: name, glyph, style }) => (
            <button
              key={command}
              type="button"
              aria-pressed={Boolean(pressed[command])}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                editorRef.current?.focus();
                exec(command);
                refreshPressed();
                onInput();
              }}
              style={{
                ...style,
                minWidth: 32,
                minHeight: 32,
                border: `1px solid ${pressed[command] ? boxPalette.foregroundAction : 'transparent'}`,
                borderRadius: tokens.borderRadius,
                background: pressed[command] ? boxPalette.backgroundShade : 'transparent',
                color: boxPalette.foregroundText,
                cursor: 'pointer',
                font: 'inherit',
              }}
            >
              {/* The name is the command's word, not the glyph: named by text rather than aria-label, so
                  the visible glyph is not taken for the label (label-content-name-mismatch). */}
              <span aria-hidden="true">{glyph}</span>
              <VisuallyHidden>{name}</VisuallyHidden>
            </button>
          ))}
        </Flex>
        <div
          id={`${id}-editor`}
          ref={editorRef}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={onInput}
          onPaste={onPaste}
          onKeyUp={refreshPressed}
          onMouseUp={refreshPressed}
          style={{ minHeight: '8rem', padding: '0.5rem 1rem', outlineOffset: 2 }}
        />
      </div>
      <Text id={counterId} fontSize="sm" color="muted" aria-live="polite">
        {`${maxLength - length} characters remaining`}
      </Text>
    </Stack>
  );
}

function placeCaretAtEnd(element: HTMLElement) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  selection.removeAllRanges();
  selection.addRange(range);
}

export * from './text-field.tsx';
export * from './combobox.tsx';
export * from './autocomplete-field.tsx';
export * from './rich-text-editor.tsx';
export * from './sanitise-html.ts';

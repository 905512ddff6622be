export * from './text-field.tsx';
export * from './combobox.tsx';
export * from './autocomplete-field.tsx';
// The rich text editor and the sanitiser (DOMPurify) are imported by path, so a page that imports this index
// does not load the sanitiser: it comes only with the pages that show or edit rich text.
export * from './multi-combobox.tsx';

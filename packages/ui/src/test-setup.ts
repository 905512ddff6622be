import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout engine; AgDS DropdownMenu scrolls its active item into view.
Element.prototype.scrollIntoView ??= () => undefined;
// Nor innerText, by which AgDS DropdownMenu finds the item a typed letter starts.
if (!('innerText' in HTMLElement.prototype))
  Object.defineProperty(HTMLElement.prototype, 'innerText', {
    get(this: HTMLElement) {
      return this.textContent ?? '';
    },
  });

afterEach(() => {
  cleanup();
});

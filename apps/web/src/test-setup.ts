import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after 1 s by default: on a shared CI machine running a test file per core, a
// test's first lazy route (its modules transformed on first import) or a page built in a deferred
// (background) render has taken over 5 s to appear at load 6-9. Waiting longer costs nothing when the
// page is quick.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout engine; React Router's scroll restoration calls this on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // Session storage holds the token and recall path; tests must not leak them into each other.
  window.sessionStorage.clear();
});

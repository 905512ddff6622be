import { describe, expect, it } from 'vitest';
import { resetDemoRefusal } from './reset-demo-guard.ts';

describe('npm run reset-demo', () => {
  it('refuses a production configuration in one line: it would replace every row with the demo world', () => {
    const refusal = resetDemoRefusal({ env: 'production' });
    expect(refusal).toMatch(/^reset-demo .* does not run with NODE_ENV=production\.$/);
    expect(refusal).not.toContain('\n');
  });

  it('runs in development and tests', () => {
    expect(resetDemoRefusal({ env: 'development' })).toBeNull();
    expect(resetDemoRefusal({ env: 'test' })).toBeNull();
  });
});

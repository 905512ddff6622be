import { afterEach, describe, expect, it } from 'vitest';
import { embeddedConfigElementId } from '@pca/contracts/paths.ts';
import { embeddedConfig } from './config.tsx';
import { testConfig } from '../test/test-config.ts';

function embed(text: string) {
  const script = document.createElement('script');
  script.id = embeddedConfigElementId;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById(embeddedConfigElementId)?.remove());

describe('the configuration the server writes into the page', () => {
  it('is read from its JSON script element, so the first paint needs no request', () => {
    embed(JSON.stringify(testConfig));
    expect(embeddedConfig()).toEqual(testConfig);
  });

  it('is null without one (the development server), and the app fetches it instead', () => {
    expect(embeddedConfig()).toBeNull();
  });

  it('is null when it cannot be read, rather than breaking the start', () => {
    embed('{"productName":');
    expect(embeddedConfig()).toBeNull();
  });
});

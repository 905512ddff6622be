import { describe, expect, it } from 'vitest';
import { isAbsoluteUri, normaliseSystemUri } from './partner-services.ts';

describe('isAbsoluteUri (an identifier system)', () => {
  it('takes the URIs identifier systems use', () => {
    for (const uri of [
      'https://medifund.example/identifiers/provider',
      'http://ns.electronichealth.net.au/id/hi/hpii/1.0',
      'urn:oid:1.2.36.1.2001.1003.0',
      'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
    ])
      expect(isAbsoluteUri(uri), uri).toBe(true);
  });

  it('refuses other schemes, a | (a token search splits on it), relative and hostless addresses', () => {
    for (const uri of [
      'javascript:alert(1)',
      'data:text/plain,x',
      'ftp://medifund.example/ids',
      'https://medifund.example/ids|provider',
      '/identifiers/provider',
      'provider-number',
      'https:///no-host',
      'https://medifund.example/ids#fragment',
      'https://medifund.example/a b',
    ])
      expect(isAbsoluteUri(uri), uri).toBe(false);
  });
});

describe('normaliseSystemUri', () => {
  it('writes the scheme and host, or the URN namespace, in lower case and keeps the rest as given', () => {
    expect(normaliseSystemUri('HTTPS://MediFund.Example/IDs/Provider')).toBe(
      'https://medifund.example/IDs/Provider',
    );
    expect(normaliseSystemUri('URN:OID:1.2.36.1')).toBe('urn:oid:1.2.36.1');
    expect(normaliseSystemUri('urn:uuid:6E8BC430-9C3A')).toBe('urn:uuid:6E8BC430-9C3A');
    expect(normaliseSystemUri('https://medifund.example')).toBe('https://medifund.example');
  });
});

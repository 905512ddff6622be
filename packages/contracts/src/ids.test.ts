import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuid, Uuid } from './ids.ts';

// One canonical form for ids (docs/decisions/054-canonical-ids-and-oauth-errors.md).

const id = '6f9619ff-8b86-4011-b42d-00cf4fc964ff';

describe('Uuid', () => {
  it('parses a UUID in any case to lower case, and refuses anything else', () => {
    expect(Uuid.parse(id.toUpperCase())).toBe(id);
    expect(Uuid.parse('6F9619ff-8B86-4011-b42d-00CF4FC964FF')).toBe(id);
    expect(z.object({ id: Uuid.nullable() }).parse({ id: id.toUpperCase() })).toEqual({ id });
    for (const bad of ['', 'x', `${id}\u0000`, `{${id}}`, ` ${id}`, id.replaceAll('-', '')])
      expect(Uuid.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(uuid('Select a location').safeParse('x').error?.issues[0]?.message).toBe(
      'Select a location',
    );
    expect(uuid('Select a location').safeParse(undefined).error?.issues[0]?.message).toBe(
      'Select a location',
    );
  });

  it('still says format uuid in the OpenAPI document (an overwrite, not a transform)', () => {
    for (const io of ['input', 'output'] as const)
      expect(z.toJSONSchema(z.object({ id: Uuid }), { io }).properties?.['id']).toMatchObject({
        type: 'string',
        format: 'uuid',
      });
  });
});

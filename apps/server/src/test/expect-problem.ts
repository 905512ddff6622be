import { expect } from 'vitest';

/** The problem type an error status answers with unless a route says otherwise (docs/decisions/008). */
const defaultType: Record<number, string> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
};

/**
 * An error answer is a problem document, not only a status: application/problem+json with our type, a
 * title, the same status, and — for a field's error — that field named in `errors`.
 */
export function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  expected: { type?: string; field?: string } = {},
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = res.json() as {
    type: string;
    title: string;
    status: number;
    detail?: string;
    errors?: { field: string; message: string }[];
  };
  expect(body.type).toBe(`/problems/${expected.type ?? defaultType[status]}`);
  expect(body.title).toBeTruthy();
  expect(body.status).toBe(status);
  if (expected.field) expect(body.errors?.map((e) => e.field)).toContain(expected.field);
  return body;
}

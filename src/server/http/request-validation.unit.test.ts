import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unsafeTextPaths } from '../../contracts/common.js';
import { strictBody, validatorCompiler } from './request-validation.js';

type Part = 'body' | 'querystring' | 'params' | 'headers';
const validate = (schema: z.ZodType, httpPart: Part, data: unknown) =>
  validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' })(data) as { value?: unknown; error?: { instancePath: string; message: string }[] };
const failures = (r: ReturnType<typeof validate>) => Object.fromEntries((r.error ?? []).map((e) => [e.instancePath, e.message]));

describe('unsafeTextPaths (the one text rule)', () => {
  it('finds NUL and lone surrogates in values and keys, at any depth, and nothing in good text', () => {
    expect(unsafeTextPaths({ a: 'fine 😀 é', b: ['ok', 'x\u0000'], c: { d: '\ud800' }, e: 'end\udc00', ['k\u0000']: 1 })).toEqual(
      expect.arrayContaining([['b', 1], ['c', 'd'], ['e'], ['k\ufffd']]),
    );
    expect(unsafeTextPaths({ a: 'fine 😀 é', n: 1, z: null, t: true })).toEqual([]);
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
  });
});

describe('validatorCompiler', () => {
  it('refuses unsafe text in a query string the contract would accept', () => {
    const r = validate(z.object({ q: z.string().max(200).optional() }), 'querystring', { q: 'Tom\ud800' });
    expect(failures(r)).toEqual({ '/q': expect.stringMatching(/broken character/) });
    expect(validate(z.object({ q: z.string() }), 'querystring', { q: 'Tom' })).toEqual({ value: { q: 'Tom' } });
  });

  it('names each unknown body field, nested ones by their path; loose objects stay loose', () => {
    const Body = z.object({ name: z.string().optional(), prefs: z.object({ email: z.boolean() }).optional(), tags: z.array(z.object({ id: z.string() })).optional() });
    expect(failures(validate(Body, 'body', { name: 'a', role: 'admin', prefs: { email: true, x: 1 }, tags: [{ id: 'a', y: 2 }] }))).toEqual({
      '/role': 'Unknown field.',
      '/prefs/x': 'Unknown field.',
      '/tags/0/y': 'Unknown field.',
    });
    const Twilio = z.object({ CallSid: z.string() }).loose();
    expect(validate(Twilio, 'body', { CallSid: 'CA1', AccountSid: 'AC1' })).toEqual({ value: { CallSid: 'CA1', AccountSid: 'AC1' } });
  });

  it('keeps unknown query parameters lenient (only bodies are strict)', () => {
    expect(validate(z.object({ q: z.string().optional() }), 'querystring', { q: 'a', utm: 'x' })).toEqual({ value: { q: 'a' } });
  });

  it('keeps refinements, defaults and transforms of the schema it makes strict', () => {
    const Body = z
      .object({ a: z.string().trim().default('d'), b: z.number().optional() })
      .refine((v) => v.b !== 13, { path: ['b'], message: 'Not 13.' });
    expect(validate(Body, 'body', { a: ' x ' })).toEqual({ value: { a: 'x' } });
    expect(validate(Body, 'body', {})).toEqual({ value: { a: 'd' } });
    expect(failures(validate(Body, 'body', { b: 13 }))).toEqual({ '/b': 'Not 13.' });
    expect(strictBody(z.string())).toBeInstanceOf(z.ZodString);
  });
});

/**
 * Input validation at the edge: a middleware that parses body, path parameters and query with
 * zod schemas and answers 400 naming the field (`username: This field is required`).
 * Handlers after it see the parsed, typed values.
 */
import type { RequestHandler } from 'express';
import type { ParamsDictionary } from 'express-serve-static-core';
import type { ParsedQs } from 'qs';
import { z } from 'zod';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { validationError } from './errors';

type Location = 'body' | 'params' | 'query';

/** Turns zod's raw issues into short texts; the field name is added by `firstProblem`. */
const issueMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return FIELD_MESSAGES.required;
    const article = /^[aeiou]/.test(issue.expected) ? 'an' : 'a';
    return `Expected ${article} ${issue.expected}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) {
    return FIELD_MESSAGES.required;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return FIELD_MESSAGES.maxlength;
  if (issue.code === 'unrecognized_keys') return 'Unknown field';
  return undefined;
};

function fieldName(location: Location, issue: z.core.$ZodIssue): string {
  const keys = issue.code === 'unrecognized_keys' ? [...issue.path, ...issue.keys] : issue.path;
  return keys.length === 0 ? location : keys.map(String).join('.');
}

/** Parses `value`; throws a 400 HttpError naming the first field in error. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, location: Location): T {
  const result = schema.safeParse(value, { error: issueMessage });
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  if (issue === undefined) throw validationError(location, 'Invalid input');
  throw validationError(fieldName(location, issue), issue.message);
}

export interface InputSchemas<Body, Params, Query> {
  body?: z.ZodType<Body>;
  params?: z.ZodType<Params>;
  query?: z.ZodType<Query>;
}

/** Middleware: validates the given parts of the request and replaces them with the parsed values. */
export function validate<Body = unknown, Params = ParamsDictionary, Query = ParsedQs>(
  schemas: InputSchemas<Body, Params, Query>,
): RequestHandler<Params, unknown, Body, Query> {
  return (req, _res, next) => {
    if (schemas.params) req.params = parseInput(schemas.params, req.params, 'params');
    if (schemas.query) {
      // Express 5 exposes req.query as a getter: shadow it with the parsed value.
      const query = parseInput(schemas.query, req.query, 'query');
      Object.defineProperty(req, 'query', { value: query, enumerable: true, configurable: true });
    }
    // No JSON body (none sent, or not sent as JSON) reads as an empty object, so the answer
    // names the first missing field.
    if (schemas.body) req.body = parseInput(schemas.body, req.body ?? {}, 'body');
    next();
  };
}

/** A whole number from a path or query string, at least 1. */
export const positiveInt = z
  .string()
  .regex(/^\d{1,9}$/, 'Must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'Must be at least 1'));

/** Path parameter `{id}` of a numeric record. */
export const idParams = z.object({ id: positiveInt });

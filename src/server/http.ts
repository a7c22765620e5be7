import type { Context } from 'hono';
import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses a JSON body with a zod schema; a bad body is a 400 naming the first problem. An empty body
 * counts as {} (actions without options); a body that is not JSON, or not an object, is refused as such.
 */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text().catch(() => '');
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw badRequest(`The request body is not valid JSON (${error instanceof Error ? error.message : String(error)})`, 'bad_json');
    }
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('The request body must be a JSON object', 'bad_json');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue?.message ?? 'Invalid request body'}`);
  }
  return parsed.data;
}

/** Parses query parameters with a zod schema (values arrive as strings: use z.coerce). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** `?page=`: a whole number from 1; 'abc' is refused as such, not as NaN. */
export const pageParam = z.coerce.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be 1 or more').optional();

/** `?pageSize=`: a whole number from 1 to `max`. */
export function pageSizeParam(max: number) {
  return z.coerce
    .number({ error: 'pageSize must be a whole number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be 1 or more')
    .max(max, `pageSize must be at most ${max}`)
    .optional();
}

/** Lists answer `{ rows, total }` with page (1-based) and pageSize (DESIGN.md 5). */
export function pageWindow(page: number | undefined, pageSize: number | undefined, defaults: { pageSize: number; max: number }) {
  const size = Math.min(Math.max(1, pageSize ?? defaults.pageSize), defaults.max);
  const current = Math.max(1, page ?? 1);
  return { page: current, pageSize: size, offset: (current - 1) * size, limit: size };
}

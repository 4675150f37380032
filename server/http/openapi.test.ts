import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../protocol';
import { openApiDocument } from './openapi';

const document = openApiDocument(CONTRACTS, 'test');
const paths = document.paths as Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;

/** The routes of docs/api.md "Roles and permissions" (`| access | routes |`), as full paths with their access. */
function documentedRoutes(): Map<string, string> {
  const docs = readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const table = docs.slice(docs.indexOf('| access | routes |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  const routes = new Map<string, string>();
  for (const row of rows) {
    const [, access, list] = row.split('|').map((cell) => cell.trim());
    for (const [, name] of list.matchAll(/`([^`]+)`/g)) routes.set(name.startsWith('/') ? name : `/zhgd/${name}`, access.replaceAll('`', ''));
  }
  return routes;
}

describe('OpenAPI document generated from the contracts', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per contract, with its method, body or query and the envelope around its response', () => {
    expect(Object.keys(paths).sort()).toEqual(CONTRACTS.map((c) => c.path).sort());
    for (const c of CONTRACTS) {
      const op = paths[c.path][c.method.toLowerCase()];
      expect(op, `${c.method} ${c.path}`).toBeDefined();
      if (c.method === 'POST') expect(op.requestBody).toBeDefined();
    }
    const me = paths['/zhgd/auth/me'].post as unknown as { responses: Record<string, { content: Record<string, { schema: { properties: { data: { required: string[] } } } }> }> };
    expect(me.responses['200'].content['application/json'].schema.properties.data.required).toContain('username');
  });

  it('lists the same routes with the same access as docs/api.md "Roles and permissions"', () => {
    const documented = documentedRoutes();
    const declared = new Map<string, string>(CONTRACTS.map((c) => [c.path, c.permission] as const));
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...declared].sort()));
  });
});

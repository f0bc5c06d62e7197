/**
 * A problem the JSON Schema check (Ajv) found in a report file, as the reports' errors say it:
 * the key path with dots (`bad_links.3.1`), "the report" for the whole file, and the missing
 * key by name. The navtest report's reader and the viewer's trial report reader share it.
 */
import type { ErrorObject } from 'ajv';

export function describeSchemaProblem(e: ErrorObject): string {
  const where = e.instancePath === '' ? 'the report' : e.instancePath.slice(1).replace(/\//g, '.');
  if (e.keyword === 'required')
    return `${where}: missing "${(e.params as { missingProperty: string }).missingProperty}"`;
  return `${where}: ${e.message ?? 'invalid'}`;
}

import type { CommandResult } from '../../../stores/editorModel';

/**
 * Outcome of a command that validates a value typed or picked by the user: the change (null when it
 * changes nothing), or the reason it was refused; a refused value changes nothing.
 */
export type Checked = { ok: true; result: CommandResult | null } | { ok: false; error: string };

/** The first issue of a failed zod parse as `path: message`. */
export function firstIssue(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }, what: string): string {
  const issue = error.issues[0];
  return `${issue?.path.map(String).join('.') || what}: ${issue?.message ?? 'invalid'}`;
}

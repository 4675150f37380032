import { useCallback, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { AnyContract, ContractBody, ContractResult } from '../../../../protocol';
import { BusinessError } from '../../../api/request';
import { useQuery, useStores } from '../../../stores';
import { SCREEN } from '../../../theme/theme';

/** Table cell styles of the administration screens (the status page's look). */
export const CELL = { padding: '6px 12px', borderBottom: `1px solid ${SCREEN.textMuted}33`, textAlign: 'start' as const, fontSize: 13 };

/** A plain data table: `head` names the columns, each row's cells in that order. */
export function DataTable({ label, head, rows }: { label: string; head: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    <table aria-label={label} style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} style={{ ...CELL, color: SCREEN.textMuted, fontWeight: 600 }}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            {r.cells.map((c, i) => (
              <td key={i} style={CELL}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A panel of the administration area, in the board panels' look. */
export function AdminSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 8, padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <h2 style={{ margin: 0, fontSize: 16, color: SCREEN.text, flex: 1 }}>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** The server's refusal of the last call, shown above the section (null when none). */
export function CallError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{error}</MessageBarBody>
    </MessageBar>
  );
}

/**
 * Shows `contract`'s list for `body` (a kept query of the root store's QueryStore, shared with every other
 * screen showing it) with what the administration tabs do with it: `run` performs a change through its
 * contract (QueryStore.mutate: the lists of its domain and this one reload), resolving with the change's
 * answer (null when refused). Errors of either are kept in `error` (the server's
 * message), never thrown; `setError` shows one of the tab's own (a failed export).
 */
export function useAdminList<C extends AnyContract>(contract: C, body: ContractBody<C>) {
  const { queries } = useStores();
  const list = useQuery(contract, body);
  const [callError, setError] = useState<string | null>(null);
  const run = useCallback(
    async <R extends AnyContract>(change: R, b: ContractBody<R>): Promise<ContractResult<R> | null> => {
      try {
        const result = await queries.mutate(change, b, { skipErrorHandler: true, invalidates: [contract] });
        setError(null);
        return result;
      } catch (e) {
        setError(errorText(e));
        return null;
      }
    },
    [queries, contract],
  );
  return { data: list.data, error: callError ?? list.error, run, setError };
}

/** What {@link useAdminList} gives for `C`: the data, its error, `run` and `setError`. */
export type AdminData<C extends AnyContract> = ReturnType<typeof useAdminList<C>>;

/** The words of a failed call: the server's message of a refusal, else the error as text. */
export function errorText(e: unknown): string {
  return e instanceof BusinessError ? e.errorMessage : String(e);
}

/** Reads a chosen file as base64 (for the device import). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('cannot read the file'));
    reader.readAsDataURL(file);
  });
}

/**
 * A modal form of the administration area: `children` are its fields, `error` the server's refusal of the
 * last save (shown inside the dialog, above the buttons, so the fields stay as typed). `onSave` performs the
 * call; the dialog stays open while it runs and until the caller closes it (`open` false) on success.
 */
export function EditDialog({
  open,
  title,
  error,
  saveLabel,
  cancelLabel,
  onSave,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  error: string | null;
  saveLabel: string;
  cancelLabel: string;
  onSave: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label={title} style={{ maxWidth: 720 }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              {children}
              {error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {cancelLabel}
              </Button>
              <Button appearance="primary" type="submit">
                {saveLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * A modal of the administration area without a form of its own (an import, a threshold editor): `children`
 * are its content, which performs and reports its own calls; one button closes it. `width` in px.
 */
export function ToolDialog({ title, closeLabel, onClose, width = 720, children }: { title: string; closeLabel: string; onClose: () => void; width?: number; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-label={title} style={{ maxWidth: width, width: '92vw' }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {closeLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Calls a change route for a dialog through its contract (QueryStore.mutate, so the lists it changed
 * reload): the server's refusal (or the contract's own check of the body) goes to `error` (shown in the
 * dialog) and is not thrown; `true` when the call succeeded.
 */
export function useDialogCall() {
  const { queries } = useStores();
  const [error, setError] = useState<string | null>(null);
  const call = useCallback(
    async <C extends AnyContract>(contract: C, body: ContractBody<C>): Promise<boolean> => {
      try {
        await queries.mutate(contract, body, { skipErrorHandler: true });
        setError(null);
        return true;
      } catch (e) {
        setError(errorText(e));
        return false;
      }
    },
    [queries],
  );
  return { error, setError, call };
}

import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EditorStore } from '../../stores/EditorStore';
import { UI } from './ui';

/** "New board": a name and blank or a standard board (board/standardList); creates it with a fresh ticket. */
export const NewBoardForm = observer(function NewBoardForm({ store, projectId, onCreated, onCancel }: { store: EditorStore; projectId: string; onCreated: (boardId: string) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    store.loadTemplates().catch((e: Error) => setError(e.message));
  }, [store]);

  return (
    <form
      aria-label={t`New board`}
      style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        const tpl = store.templates.find((x) => x.templateId === templateId);
        const n = name.trim() || tpl?.name || '';
        if (!n) {
          setError(t`Give the board a name.`);
          return;
        }
        setBusy(true);
        setError(null);
        store
          .createBoard(projectId, n, templateId || undefined)
          .then(onCreated)
          .catch((err: Error) => setError(err.message))
          .finally(() => setBusy(false));
      }}
    >
      <input aria-label={t`Board name`} placeholder={t`Board name`} value={name} onChange={(e) => setName(e.target.value)} style={UI.input} maxLength={200} />
      <select aria-label={t`Template`} value={templateId} onChange={(e) => setTemplateId(e.target.value)} style={UI.input}>
        <option value="">{t`Blank board`}</option>
        {store.templates.map((tpl) => (
          <option key={tpl.templateId} value={tpl.templateId}>
            {tpl.name} ({tpl.category})
          </option>
        ))}
      </select>
      <button type="submit" style={UI.primary} disabled={busy}>
        <Trans>Create</Trans>
      </button>
      <button type="button" style={UI.button} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      {error ? (
        <span role="alert" style={UI.error}>
          {error}
        </span>
      ) : null}
    </form>
  );
});

import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BoardTemplate } from '../../../protocol';
import type { EditorStore } from '../../stores/EditorStore';
import { BoardThumbnail } from './BoardThumbnail';
import { CATEGORY_TEXTS, TEMPLATE_TEXTS } from './templateTexts';
import { COLORS, UI } from './ui';

const CARD_THUMB_W = 168;

/**
 * "New board": a name and a gallery to start from (a blank board or a standard board of
 * board/standardList, each with a thumbnail of its first page, its name, category, description and page
 * count, in the app's language); creates it with a fresh ticket. An empty name takes the template's.
 */
export const NewBoardForm = observer(function NewBoardForm({ store, projectId, onCreated, onCancel }: { store: EditorStore; projectId: string; onCreated: (boardId: string) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    store.loadTemplates().catch((e: Error) => setError(e.message));
  }, [store]);
  const textOf = (tpl: BoardTemplate) => {
    const known = TEMPLATE_TEXTS[tpl.templateId];
    return { name: known ? i18n._(known.name) : tpl.name, description: known ? i18n._(known.description) : tpl.description };
  };

  const card = (id: string, title: string, body: React.ReactNode, thumb: React.ReactNode) => (
    <button
      key={id || 'blank'}
      type="button"
      role="radio"
      aria-checked={templateId === id}
      aria-label={title}
      data-template-id={id}
      onClick={() => setTemplateId(id)}
      style={{
        ...UI.button,
        width: CARD_THUMB_W + 18,
        padding: 8,
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        textAlign: 'left',
        alignItems: 'stretch',
        borderColor: templateId === id ? COLORS.selection : COLORS.border,
        boxShadow: templateId === id ? `0 0 0 1px ${COLORS.selection}` : undefined,
      }}
    >
      {thumb}
      <strong style={{ fontSize: 12, lineHeight: 1.3 }}>{title}</strong>
      <span style={{ fontSize: 11, lineHeight: 1.35, color: COLORS.muted }}>{body}</span>
    </button>
  );

  return (
    <form
      aria-label={t`New board`}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      onSubmit={(e) => {
        e.preventDefault();
        const tpl = store.templates.find((x) => x.templateId === templateId);
        const n = name.trim() || (tpl ? textOf(tpl).name : '');
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
      <div style={{ display: 'flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
        <input aria-label={t`Board name`} placeholder={t`Board name`} value={name} onChange={(e) => setName(e.target.value)} style={{ ...UI.input, width: 260 }} maxLength={200} />
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
      </div>
      <div role="radiogroup" aria-label={t`Start from`} data-testid="template-gallery" style={{ display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 4 }}>
        {card(
          '',
          t`Blank board`,
          t`One empty 800×600 page.`,
          <div style={{ width: CARD_THUMB_W, height: (CARD_THUMB_W * 600) / 800, border: `1px dashed ${COLORS.border}`, borderRadius: 3, display: 'grid', placeItems: 'center', color: COLORS.muted, fontSize: 28 }}>+</div>,
        )}
        {store.templates.map((tpl) => {
          const text = textOf(tpl);
          const first = tpl.pages[0];
          const pageCount = tpl.pages.length;
          return card(
            tpl.templateId,
            text.name,
            <>
              <span style={{ color: COLORS.brand }}>{CATEGORY_TEXTS[tpl.category] ? i18n._(CATEGORY_TEXTS[tpl.category]) : tpl.category}</span>
              {' · '}
              {pageCount === 1 ? t`1 page` : t`${pageCount} pages`}
              <br />
              {text.description}
            </>,
            <BoardThumbnail page={first ? { panels: first.panels.map((p, i) => ({ ...p, panelId: String(i) })) } : null} pageWidth={tpl.layout.pageWidth} pageHeight={tpl.layout.pageHeight} width={CARD_THUMB_W} />,
          );
        })}
      </div>
    </form>
  );
});

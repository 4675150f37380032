import { useLingui } from '@lingui/react';
import { changeLocale } from '../i18n/i18n';
import type { AppLocale } from '../i18n/locale';

/** en / 中文 switch; stores the choice and activates it in place (a full language menu is a later issue). */
export function LocaleSwitch() {
  const { i18n } = useLingui();
  const current = i18n.locale as AppLocale;
  const items: Array<{ locale: AppLocale; label: string }> = [
    { locale: 'en', label: 'EN' },
    { locale: 'zh-CN', label: '中文' },
  ];
  return (
    <span style={{ display: 'inline-flex', gap: 2 }}>
      {items.map((it) => (
        <button
          key={it.locale}
          type="button"
          lang={it.locale}
          aria-pressed={current === it.locale}
          onClick={() => void changeLocale(it.locale, { reload: false })}
          style={{
            background: current === it.locale ? '#00b589' : 'transparent',
            color: 'inherit',
            border: '1px solid #1d3357',
            borderRadius: 4,
            padding: '2px 8px',
            cursor: 'pointer',
            fontSize: 14,
          }}
        >
          {it.label}
        </button>
      ))}
    </span>
  );
}

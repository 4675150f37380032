import { useSyncExternalStore } from 'react';
import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { changeLocale, currentLanguage, subscribeLanguage } from '../i18n/i18n';
import { hasFullCatalog, languageEntry, LANGUAGES, type LanguageEntry } from '../i18n/languages';
import { FlagIcon } from '../components';

/** docs/product.md "Constants": language menu items are at least 160 px wide. */
export const LANGUAGE_ITEM_MIN_WIDTH_PX = 160;

/** The active language, re-rendering on change. */
export function useLanguage() {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/**
 * The entries the menu offers: the languages with their own catalog ({@link hasFullCatalog}), plus the
 * current language when a stored preference names another one (it shows the zh-CN texts, and the menu
 * says so), so the checked entry is always visible.
 */
export function menuLanguages(current: string): LanguageEntry[] {
  const own = LANGUAGES.filter((l) => hasFullCatalog(l.lang));
  const entry = languageEntry(current);
  return entry && !own.includes(entry) ? [entry, ...own] : own;
}

/**
 * The language menu (docs/product.md "Shell and session"): the languages SiteBoard has texts for, each with
 * its flag, label and title. A stored language without its own texts stays listed while it is chosen, with
 * the note that it shows Simplified Chinese. Choosing one stores it and reloads the page
 * (docs/product.md "States") unless `reload` is false.
 */
export function LanguageMenu({ reload = true }: { reload?: boolean }) {
  const { t } = useLingui();
  const lang = useLanguage();
  const entry = languageEntry(lang.language);
  const fallbackNote = t`Shown in Simplified Chinese`;
  return (
    <Menu
      checkedValues={{ language: [entry?.lang ?? lang.language] }}
      onCheckedValueChange={(_, d) => {
        const next = d.checkedItems[0];
        if (next && next !== lang.language) void changeLocale(next, { reload });
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t`Language`} relationship="label">
          <Button size="small" appearance="subtle" data-testid="language-menu" icon={entry ? <FlagIcon code={entry.flag} /> : undefined}>
            {entry?.label ?? lang.language}
          </Button>
        </Tooltip>
      </MenuTrigger>
      <MenuPopover style={{ maxHeight: '70vh', overflowY: 'auto' }}>
        <MenuList>
          {menuLanguages(lang.language).map((l) => (
            <MenuItemRadio
              key={l.lang}
              name="language"
              value={l.lang}
              lang={l.lang}
              title={l.title}
              data-lang={l.lang}
              style={{ minWidth: LANGUAGE_ITEM_MIN_WIDTH_PX }}
              icon={<FlagIcon code={l.flag} />}
              secondaryContent={hasFullCatalog(l.lang) ? undefined : fallbackNote}
            >
              {l.label}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

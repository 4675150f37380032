import { LanguageMenu } from './LanguageMenu';

/** The language control of the login form and the headers: the full language menu (docs/product.md "Shell and session"). */
export function LocaleSwitch() {
  return <LanguageMenu />;
}

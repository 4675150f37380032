import { LanguageMenu } from './LanguageMenu';

/** The language control of the login form and the headers: the full language menu (SPEC §1). */
export function LocaleSwitch() {
  return <LanguageMenu />;
}

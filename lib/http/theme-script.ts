/**
 * The pre-paint script, inlined in <head> by app/layout.tsx. It runs before the first paint so a
 * stored theme never flashes the wrong colours, and it marks <html class="js"> so controls that
 * need JavaScript appear only when they will work. Static text: it carries no chain data.
 */
export const THEME_STORAGE_KEY = 'strata-theme';
export const TIME_STORAGE_KEY = 'strata-time';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type TimeMode = 'age' | 'local' | 'utc';

export const PRE_PAINT_SCRIPT = `(function(){var d=document.documentElement;d.classList.add('js');try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark'){d.classList.add(t);}var m=localStorage.getItem('${TIME_STORAGE_KEY}');if(m==='local'||m==='utc'){d.setAttribute('data-time',m);}}catch(e){}})();`;

/** Applies a theme choice to <html> and remembers it. */
export function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  if (choice !== 'system') root.classList.add(choice);
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

export function readThemeChoice(): ThemeChoice {
  const root = document.documentElement;
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  return 'system';
}

/** Applies a time display mode to every timestamp on the page and remembers it. */
export function applyTimeMode(mode: TimeMode): void {
  const root = document.documentElement;
  if (mode === 'age') root.removeAttribute('data-time');
  else root.setAttribute('data-time', mode);
  try {
    if (mode === 'age') localStorage.removeItem(TIME_STORAGE_KEY);
    else localStorage.setItem(TIME_STORAGE_KEY, mode);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function readTimeMode(): TimeMode {
  const value = document.documentElement.getAttribute('data-time');
  return value === 'local' || value === 'utc' ? value : 'age';
}

/**
 * Calls `listener` when <html>'s class or data-time attribute changes, where the theme and the
 * time mode live: the controls read their state from there (useSyncExternalStore), so every
 * control on the page agrees with what is shown, whichever one changed it.
 */
export function subscribeToRoot(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-time'] });
  return () => observer.disconnect();
}

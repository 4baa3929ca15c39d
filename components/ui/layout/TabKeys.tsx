'use client';

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'] as const;

/**
 * The keyboard of a tablist whose tabs are links (components/ui/layout/Tabs.tsx): one tab stop,
 * the selected tab (a roving tabindex, set once hydrated, so that without JavaScript every tab
 * stays a plain link reachable by Tab), the arrow keys and Home/End to move between tabs, Enter
 * to open the focused one (the link's own behaviour: tabs that load a page are activated by
 * hand, not on focus).
 */
export function TabKeys({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const tab of tabsOf(list.current)) tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
  }, [children]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const key = KEYS.find((k) => k === event.key);
    if (!key) return;
    const tabs = tabsOf(list.current);
    const at = tabs.findIndex((t) => t === document.activeElement);
    if (at === -1) return;
    const next = key === 'Home' ? 0 : key === 'End' ? tabs.length - 1 : (at + (key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    event.preventDefault();
    tabs[next]?.focus();
  }

  return (
    <div ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" className={className} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

function tabsOf(list: HTMLElement | null): HTMLElement[] {
  return list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]')] : [];
}

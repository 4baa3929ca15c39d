'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * True once the element behind `ref` has come within `margin` of the viewport (and from then on):
 * heavy client code (a chart library) is imported when its place scrolls into view, not with the
 * page. (IntersectionObserver is in every browser that runs this app's modules.)
 *
 * `afterScroll`: nothing is watched until the reader has scrolled the page, so an element already
 * on the first screen counts once the reader starts reading down, not as part of the page's load
 * (the JavaScript budget counts what a page fetches from navigation until it is idle).
 */
export function useOnceVisible<T extends Element>(margin = '200px', { afterScroll = false } = {}): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  const [scrolled, setScrolled] = useState(!afterScroll);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  useEffect(() => {
    const element = ref.current;
    if (seen || !scrolled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, scrolled, margin]);
  return [ref, seen];
}

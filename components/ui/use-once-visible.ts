'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * True once the element behind `ref` has come within `margin` of the viewport (and from then on):
 * heavy client code (a chart library) is imported when its place scrolls into view, not with the
 * page. (IntersectionObserver is in every browser that runs this app's modules.)
 */
export function useOnceVisible<T extends Element>(margin = '200px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
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
  }, [seen, margin]);
  return [ref, seen];
}

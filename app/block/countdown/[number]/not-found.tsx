import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { SearchBox } from '@/components/layout/SearchBox';

/** The countdown's 404: a chain this explorer does not serve (a malformed number is proxy.ts's own 404). */
export default function CountdownNotFound() {
  return (
    <NotFoundPanel
      title="No countdown for this chain"
      reason={
        <p>
          The countdown counts the blocks of a chain this explorer serves: <code>/block/countdown/&lt;number&gt;?chain=&lt;chain&gt;</code>, with
          a chain such as <code>cyprus1</code> (the first zone served when <code>chain</code> is left out).
        </p>
      }
    >
      <SearchBox />
    </NotFoundPanel>
  );
}

import Link from 'next/link';
import { Age } from '@/components/ui/values/Age';
import { Hash } from '@/components/ui/values/Hash';
import type { ChainName } from '@/lib/protocol/chains';
import type { Header } from '@/lib/rpc/domain';
import { urls } from '@/lib/routes/urls';
import { addressHref, type AsOf } from '@/lib/routes/params/address-params';

/**
 * The "as of block" selector: a GET form (works without JavaScript) whose `block` parameter is the
 * default block parameter of every read on the page. Shows the block the state was read at.
 */
export function AsOfForm({ address, zone, requested, header, slot }: { address: string; zone: ChainName; requested: AsOf; header?: Header; slot?: string }) {
  const number = header?.number[2];
  return (
    <section className="card px-4 py-3" aria-label="As of block">
      <form method="get" action={urls.address(address)} className="flex flex-wrap items-end gap-3">
        {slot ? <input type="hidden" name="slot" value={slot} /> : null}
        <label className="flex flex-col gap-1 text-xs text-muted">
          As of block
          <input
            name="block"
            defaultValue={requested === 'latest' ? '' : requested.toString()}
            placeholder="latest"
            inputMode="numeric"
            className="w-36 rounded-md border border-border bg-bg px-2 py-1.5 font-mono text-sm text-fg"
            aria-describedby="as-of-help"
          />
        </label>
        <button type="submit" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2">
          Show
        </button>
        {requested !== 'latest' ? (
          <Link href={addressHref(address, { slot })} className="py-1.5 text-sm">
            latest
          </Link>
        ) : null}
        {number !== undefined ? (
          <p id="as-of-help" className="min-w-0 basis-full text-sm sm:flex-1 sm:basis-auto sm:text-right" data-testid="as-of-block">
            State at {requested === 'latest' ? 'the latest block, ' : ''}
            <Link href={urls.block(zone, number)} className="underline underline-offset-2">
              #{number.toString()}
            </Link>
            {header?.hash ? (
              <>
                {' '}
                <Hash value={header.hash} href={urls.block(zone, header.hash)} />
              </>
            ) : null}{' '}
            · <Age timestamp={header?.timestamp ?? 0n} />
            {/* Each a 24 px target at least: small text, but a finger can hit it. */}
            <span className="flex flex-wrap gap-3 text-xs sm:justify-end">
              {number > 0n ? (
                <Link href={addressHref(address, { block: number - 1n, slot })} className="inline-flex min-h-6 items-center">
                  ← #{(number - 1n).toString()}
                </Link>
              ) : null}
              {requested !== 'latest' ? (
                <Link href={addressHref(address, { block: number + 1n, slot })} className="inline-flex min-h-6 items-center">
                  #{(number + 1n).toString()} →
                </Link>
              ) : null}
            </span>
          </p>
        ) : null}
      </form>
    </section>
  );
}

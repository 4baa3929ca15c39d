/** /api-docs: the Etherscan actions, grouped by module, each with its parameters and a working example. */
export interface ActionRow {
  readonly module: string;
  readonly action: string;
  readonly summary: string;
  readonly methods: string;
  readonly zone: string;
  readonly params: readonly { readonly name: string; readonly required: boolean; readonly description: string }[];
  readonly example: string;
}

export function EtherscanActionList({ actions }: { actions: readonly ActionRow[] }) {
  const modules = [...new Set(actions.map((a) => a.module))];
  return (
    <div className="space-y-6">
      {modules.map((module) => (
        <section key={module} aria-labelledby={`module-${module}`} className="space-y-3">
          <h2 id={`module-${module}`} className="text-lg font-semibold">
            module=<span className="font-mono">{module}</span>
          </h2>
          <ul className="space-y-3">
            {actions
              .filter((a) => a.module === module)
              .map((a) => (
                <li key={a.action} id={`${a.module}-${a.action}`} className="rounded border border-border p-3 space-y-1">
                  <h3 className="font-mono font-semibold">
                    action={a.action} <span className="text-xs font-sans text-muted">({a.methods}; {a.zone})</span>
                  </h3>
                  <p className="text-sm">{a.summary}</p>
                  {a.params.length > 0 && (
                    <ul className="text-xs text-muted">
                      {a.params.map((p) => (
                        <li key={p.name}>
                          <code className="font-mono">{p.name}</code>
                          {p.required ? ' (required)' : ''}: {p.description}
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="text-xs">
                    Example: <a className="font-mono break-all underline" href={a.example}>{a.example}</a>
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import { PageFrame } from '../../components/ui/page-frame';

export interface PlannedPageProps {
  title: string;
  purpose: string;
  /** What the page will let the user do, one line each. */
  capabilities: string[];
}

/**
 * The honest frame of a page whose tool is still being built: its heading, its purpose and what it
 * will do. The header around it already works (connection, health, rate limit).
 */
export function PlannedPage({ title, purpose, capabilities }: PlannedPageProps) {
  return (
    <PageFrame title={title} purpose={purpose}>
      <div className="max-w-2xl rounded border border-dashed border-zinc-300 p-4 text-sm dark:border-zinc-700">
        <p className="font-medium">This page is being built. It will let you:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-zinc-700 dark:text-zinc-300">
          {capabilities.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </PageFrame>
  );
}

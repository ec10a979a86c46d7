import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { FRAME_LIMITS, useSettingsStore } from '../../stores';
import { Button } from '../ui/button';
import { onDemand } from '../ui/on-demand';
import { PageFrame } from '../ui/page-frame';
import { InspectorTabs, type InspectorTab } from './inspector-tabs';
import { useWidenForWire, WIRE_TAB } from './use-widen-for-wire';

export interface WorkspaceFrameProps {
  /** Names the page, to remember its open tab. */
  page: string;
  title: string;
  purpose: string;
  actions?: ReactNode;
  /** Said above the panes (storage errors, a link that could not be opened). */
  notices?: ReactNode;
  /** A list beside the work (conversations): collapsible when wide, a drawer on a phone. */
  list?: { label: string; content: ReactNode };
  work: ReactNode;
  tabs: readonly InspectorTab[];
  renderTab: (id: string) => ReactNode;
}

type Pane = 'list' | 'inspector';
type Size = keyof typeof FRAME_LIMITS;

// Dragging and the phone's modal sheets are not needed to show the page: their code follows it
// (preloaded at once), which keeps the chat page's first load within its budget.
const Splitter = onDemand(() => import('./interactions').then((m) => m.Splitter));
const ModalSheet = onDemand(() => import('./interactions').then((m) => m.ModalSheet));

/** Where the panes sit side by side (the `lg` breakpoint); below it, they open as sheets. */
const WIDE = '(min-width: 64rem)';
const SHEET = 'fixed inset-0 z-40 flex bg-zinc-950/50';
const SHEET_BODY = 'flex-1 bg-white p-3 shadow-xl dark:bg-zinc-900';

/**
 * The frame of the working pages: list | work area | inspector, with splitters (sizes remembered,
 * written when a drag ends), the inspector's tabs, docked right or below. Below `lg` one column:
 * the list and the inspector open as modal sheets from buttons in the page bar.
 */
export function WorkspaceFrame(props: WorkspaceFrameProps) {
  const { page, list, work, tabs, renderTab, notices, ...heading } = props;
  const layout = useSettingsStore((s) => s.frame);
  const set = useSettingsStore((s) => s.setFrame);
  const [live, setLive] = useState<Partial<Record<Size, number>>>({});
  const [sheet, setSheet] = useState<Pane | null>(null);
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const inspectorRef = useRef<HTMLDivElement>(null);
  // Opening or starting a conversation (a new address) is done with the list: its drawer closes.
  const { pathname } = useLocation();
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setSheet(null);
  }
  useEffect(() => {
    void Splitter.preload().catch(() => undefined);
    void ModalSheet.preload().catch(() => undefined);
    const query = window.matchMedia(WIDE);
    const onChange = () => {
      setWide(query.matches);
      setSheet(null);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const right = layout.dock === 'right';
  const inspectorSize: Size = right ? 'rightSize' : 'bottomSize';
  const selected = layout.tabs[page] ?? tabs[0]?.id ?? '';
  useWidenForWire(
    wide && right && layout.inspectorOpen && selected === WIRE_TAB && tabs.some((t) => t.id === WIRE_TAB),
    inspectorRef,
    layout,
    set,
  );
  const size = (key: Size) => live[key] ?? layout[key];
  const showList = list !== undefined && layout.listOpen;
  const close = () => setSheet(null);

  const toggle = (pane: Pane, label: string, open: boolean) => (
    <Button
      size="sm"
      aria-controls={id + pane}
      aria-expanded={wide ? open : sheet === pane}
      aria-haspopup={wide ? undefined : 'dialog'}
      className="aria-expanded:bg-zinc-200 dark:aria-expanded:bg-zinc-700"
      onClick={() => (wide ? set({ [`${pane}Open`]: !open }) : setSheet(pane))}
    >
      {label}
    </Button>
  );
  const splitter = (key: Size, pane: Pane, across: boolean) => (
    <Splitter.Component
      fallback={<div className={`hidden shrink-0 lg:block ${across ? 'w-2' : 'h-2'}`} />}
      label={`Resize the ${pane === 'list' ? list?.label.toLowerCase() : 'inspector'}`}
      controls={id + pane}
      orientation={across ? 'vertical' : 'horizontal'}
      after={pane === 'inspector'}
      {...FRAME_LIMITS[key]}
      value={size(key)}
      onResize={(value) => setLive({ [key]: value })}
      onCommit={(value) => {
        setLive({});
        // A width the person set is theirs: the Wire tab no longer widens it.
        set({ [key]: value, ...(key === 'rightSize' ? { rightSized: true } : {}) });
      }}
    />
  );
  const closeButton = (
    <Button
      size="sm"
      variant="ghost"
      aria-label={`Close the ${sheet === 'list' ? list?.label.toLowerCase() : 'inspector'}`}
      onClick={close}
    >
      Close
    </Button>
  );
  // A pane's box: docked (hidden below `lg`), or a modal sheet over the page.
  const paneProps = (pane: Pane, label: string, docked: string, sheetClass: string) =>
    sheet === pane
      ? {
          id: id + pane,
          'data-region': pane,
          role: 'dialog',
          'aria-modal': true,
          'aria-label': label,
          className: `${SHEET} ${sheetClass}`,
        }
      : {
          id: id + pane,
          'data-region': pane,
          className: `hidden min-h-0 min-w-0 shrink-0 flex-col ${docked}`,
        };

  return (
    <PageFrame
      {...heading}
      actions={
        <>
          {heading.actions}
          {list ? toggle('list', list.label, layout.listOpen) : null}
          {toggle('inspector', 'Inspector', layout.inspectorOpen)}
        </>
      }
    >
      {notices}
      {sheet ? (
        <ModalSheet.Component
          key={sheet}
          target={sheet === 'list' ? listRef : inspectorRef}
          open
          onClose={close}
          fallback={null}
        />
      ) : null}
      <div
        className="flex min-h-0 flex-1 flex-col lg:flex-row"
        style={
          { '--list': `${size('listSize')}%`, '--inspector': `${size(inspectorSize)}%` } as CSSProperties
        }
      >
        {list ? (
          <div
            ref={listRef}
            {...paneProps(
              'list',
              list.label,
              `lg:w-(--list) lg:min-w-52 ${showList ? 'lg:flex' : ''}`,
              'pr-12',
            )}
          >
            <div className={`flex min-h-0 flex-col ${sheet === 'list' ? SHEET_BODY : 'flex-1'}`}>
              {sheet === 'list' ? <div className="flex justify-end">{closeButton}</div> : null}
              {list.content}
            </div>
          </div>
        ) : null}
        {showList ? splitter('listSize', 'list', true) : null}
        <div className={`flex min-h-0 min-w-0 flex-1 flex-col ${right ? 'lg:flex-row' : ''}`}>
          <div data-region="work" className="flex min-h-0 min-w-0 flex-1 flex-col overflow-y-auto">
            {work}
          </div>
          {layout.inspectorOpen ? splitter(inspectorSize, 'inspector', right) : null}
          <div
            ref={inspectorRef}
            {...paneProps(
              'inspector',
              'Inspector',
              `${layout.inspectorOpen ? 'lg:flex' : ''} ${right ? 'lg:w-(--inspector) lg:min-w-60' : 'lg:h-(--inspector)'}`,
              'flex-col pt-12',
            )}
          >
            <aside
              aria-label="Inspector"
              className={`flex min-h-0 flex-col ${sheet === 'inspector' ? `${SHEET_BODY} rounded-t-lg` : 'flex-1 rounded border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900'}`}
            >
              <InspectorTabs
                label="Inspector"
                tabs={tabs}
                selected={selected}
                onSelect={(tab) => set({ tabs: { ...layout.tabs, [page]: tab } })}
                render={renderTab}
                controls={
                  sheet === 'inspector' ? (
                    closeButton
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Dock the inspector ${right ? 'below' : 'right'}`}
                      title={`Dock ${right ? 'below' : 'right'}`}
                      onClick={() => set({ dock: right ? 'bottom' : 'right' })}
                    >
                      {/* The glyph shows where the inspector goes. */}
                      <span aria-hidden="true">{right ? '⬓' : '◨'}</span>
                    </Button>
                  )
                }
              />
            </aside>
          </div>
        </div>
      </div>
    </PageFrame>
  );
}

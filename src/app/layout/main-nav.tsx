import { NavLink } from 'react-router';
import { FOCUS_RING } from '../../components/ui/button';

/** The pages, in the order people reach for them; chat is home. */
export const NAV_ITEMS = [
  { to: '/chat', label: 'Chat' },
  { to: '/code', label: 'Code' },
  { to: '/vision', label: 'Vision' },
  { to: '/audio', label: 'Audio' },
  { to: '/compare', label: 'Compare' },
  { to: '/experiments', label: 'Experiments' },
  { to: '/models', label: 'Models' },
] as const;

/** Main navigation; the current page's link carries aria-current="page" (NavLink sets it). */
export function MainNav({ className = '' }: { className?: string }) {
  return (
    <nav aria-label="Pages" className={className}>
      {/* Seven pages in one row on a 390 px phone (a little smaller there), every one a tap away and none
          scrolled out of view; narrower still, they wrap rather than run off. */}
      <ul className="flex flex-wrap sm:gap-0.5">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `block rounded px-0.5 py-0.5 text-[13px] sm:px-2.5 sm:py-1 sm:text-sm ${FOCUS_RING} ${
                  isActive
                    ? 'bg-zinc-200 font-semibold text-zinc-900 dark:bg-zinc-800 dark:text-white'
                    : 'text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100'
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

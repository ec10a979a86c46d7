/**
 * The wire pane's tabs are ghost buttons: the open one is marked by more than its focus ring. Here,
 * not beside Button, so the pages' first load (where Button is) does not carry it.
 */
export const SELECTED_TAB =
  'aria-selected:bg-sky-100 aria-selected:text-sky-900 dark:aria-selected:bg-sky-900/60 dark:aria-selected:text-sky-100';

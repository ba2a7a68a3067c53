import { useCallback, useEffect, useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useScreenPath } from '../lib/navigation';
import { addressesList, carryChange, INITIAL_LIST_STATE, readListState, writeListState, type ListShape, type ListState } from './list-url-state';

/** A change the person made adds a history entry (back undoes it); a correction replaces the entry. */
export type HistoryWrite = 'push' | 'replace';

export interface ListUrlState {
  state: ListState;
  update: (change: Partial<ListState>, write?: HistoryWrite) => void;
}

/** A change made on one address, shown at once and written to the address after the render. */
interface Pending {
  at: string;
  list: ListState;
  write: HistoryWrite;
}

/**
 * The address written last, while the history entry it was written on is still the current one:
 * a second list state of the same screen writing in the same commit (an analytics screen's period
 * and its ranking's page) builds on it instead of undoing it. Forgotten once the commit's effects
 * have run.
 */
let written: { key: string; search: string } | undefined;

/**
 * A list's filters, page, size and order, kept in its screen's address (the hash route's query
 * string), so a refresh, back and forward, and a shared link show the same list.
 *
 * The address is the truth: a change is shown at once and written there after the render; a
 * change made on an address the person has since left is dropped. The tags view keeps screens
 * mounted while another is shown: a screen reads and writes only its own route's address and
 * shows what it showed last while hidden. Back and forward, a reload or a link that carries list
 * parameters show what the address says; a tag or menu entry opens the bare path, and the
 * screen then shows what it showed before and puts that back into the address.
 *
 * `inUrl: false` keeps the state in the component only, for a list that is not its screen's
 * main list (one inside a drawer).
 */
export function useListUrlState(shape: ListShape, inUrl = true): ListUrlState {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const screenPath = useScreenPath();
  // Outside a registered screen (tests, a page of its own) the path it opened at is its own.
  const [openedAt] = useState(location.pathname);
  const ownPath = screenPath ?? openedAt;
  const active = inUrl && location.pathname === ownPath;
  // A list kept out of the address lives on one pseudo-address of its own.
  const at = inUrl ? location.key : 'local';

  // What the list shows: while its screen is hidden, what it showed last. Kept as state so its
  // identity changes only with its content.
  const [kept, setKept] = useState(INITIAL_LIST_STATE);
  const [pending, setPending] = useState<Pending>();
  // Once the address has moved on, the change is in it, or was overtaken: back to the same
  // history entry must show the address, not the change made there.
  if (pending && pending.at !== at) setPending(undefined);
  const fromAddress = active && (navigationType === NavigationType.Pop || addressesList(location.search, shape));
  const shown = pending?.at === at ? pending.list : fromAddress ? readListState(location.search, shape) : kept;
  if (writeListState('', shown, shape) !== writeListState('', kept, shape)) setKept(shown);

  // The address this state should have; only the screen on show writes its own.
  const target = active ? writeListState(location.search, shown, shape) : undefined;
  const write = pending?.at === at ? pending.write : 'replace';
  useEffect(() => {
    if (target === undefined) return;
    const base = written?.key === location.key ? written.search : location.search;
    const next = carryChange(location.search, target, base);
    if (next === base) return;
    written = { key: location.key, search: next };
    queueMicrotask(() => (written = undefined));
    void navigate({ pathname: ownPath, search: next }, { replace: write === 'replace' });
  }, [target, location.search, location.key, ownPath, write, navigate]);

  const update = useCallback(
    (change: Partial<ListState>, how: HistoryWrite = 'push') =>
      setPending((before) => ({ at, list: { ...(before?.at === at ? before.list : kept), ...change }, write: how })),
    [at, kept],
  );
  return { state: kept, update };
}

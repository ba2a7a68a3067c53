import { dictDataApi } from '@lightdesk/contract';
import { call } from '../lib/http';
import { useDictStore } from './dict-store';

/**
 * Fills the dictionary cache from the server: after sign-in, and again after an
 * administrator edits a dictionary, so tags and selects everywhere show the new labels at once.
 */
export async function loadDicts(): Promise<void> {
  const dicts = await call(dictDataApi.enabled);
  useDictStore.getState().setAll(dicts);
}

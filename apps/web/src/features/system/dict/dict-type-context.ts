import { createContext } from 'react';

/** The dictionary whose entries are open: the entry form is rendered by the list, which cannot pass it. */
export const OpenDictType = createContext('');

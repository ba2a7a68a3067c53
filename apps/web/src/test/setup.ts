import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The component tests share two cores with the API tests: a screen that answers in 1 s on a quiet
// machine may need several while they run, and waiting is not what these tests check.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

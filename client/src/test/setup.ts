import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// findBy*/waitFor wait up to 5 s rather than 1 s: on a busy CI machine a mocked answer and the
// render after it can take longer than a second, and a test should fail on behaviour, not load.
configure({ asyncUtilTimeout: 5_000 });

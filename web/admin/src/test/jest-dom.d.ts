// The DOM matchers (toBeInTheDocument, …) on vitest's expect, for the back office's tests (the
// test setup, src/test/setup.ts, installs them).
import '@testing-library/jest-dom/vitest';

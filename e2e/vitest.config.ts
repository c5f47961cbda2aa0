import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that change what every member meets on the shared server run last: legal.e2e.ts publishes
 * new terms, after which each member registered before (the demo member, other specs' members)
 * must accept them before moving money or playing.
 */
const LAST = ['legal.e2e.ts'];

class SharedStateLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => LAST.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

// The end-to-end suite: the built portal served by the real server on a fresh embedded database,
// driven in Debian's Chromium by playwright-core. Run `npm run build` first.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { sequencer: SharedStateLast },
    // A busy two-core machine can take several seconds to load a page's lazy chunk: waits on a
    // visible result get 20 s instead of vitest's default 1 s (tests still fail on a wrong value).
    expect: { poll: { timeout: 20_000 } },
  },
});

import { describe, expect, it } from 'vitest';
import { serialRunner } from '../../../server/services/serial-runner.ts';

/** A pass that ends only when the test says so. */
function controlledPasses() {
  const ends: (() => void)[] = [];
  let started = 0;
  return {
    pass: () => {
      started += 1;
      return new Promise<void>((resolve) => ends.push(resolve));
    },
    started: () => started,
    /** Ends the oldest running pass and lets the runner move on. */
    endOne: async () => {
      ends.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('serialRunner', () => {
  it('runs one pass at a time, and calls while it runs make exactly one more pass', async () => {
    const passes = controlledPasses();
    const idle: number[] = [];
    const runner = serialRunner({
      pass: passes.pass,
      onError: () => undefined,
      onIdle: () => idle.push(passes.started()),
    });
    expect(runner.busy()).toBe(false);
    runner.run();
    runner.run();
    runner.run();
    runner.run();
    expect(passes.started()).toBe(1);
    expect(runner.busy()).toBe(true);
    await passes.endOne();
    expect(passes.started()).toBe(2);
    expect(idle).toEqual([]);
    await passes.endOne();
    expect(passes.started()).toBe(2);
    expect(runner.busy()).toBe(false);
    expect(idle).toEqual([2]);
    runner.run();
    expect(passes.started()).toBe(3);
    await passes.endOne();
    expect(idle).toEqual([2, 3]);
  });

  it('reports an error of a pass and still runs the passes asked for', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const idled = Promise.withResolvers<undefined>();
    const runner = serialRunner({
      pass: async () => {
        calls += 1;
        if (calls > 1) return;
        runner.run();
        throw new Error('first pass broke');
      },
      onError: (error) => errors.push(error),
      onIdle: () => idled.resolve(undefined),
    });
    runner.run();
    await idled.promise;
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['first pass broke']);
  });

  it('stops after the running pass, which the stop waits for, and starts no more', async () => {
    const passes = controlledPasses();
    const runner = serialRunner({ pass: passes.pass, onError: () => undefined });
    runner.run();
    runner.run();
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    await passes.endOne();
    await stopping;
    expect(stopped).toBe(true);
    runner.run();
    expect(passes.started()).toBe(1);
    expect(runner.busy()).toBe(false);
  });
});

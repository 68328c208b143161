import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SubscriptionBatches, SubscriptionEndedError, type CancellableReadable } from './subscription-batches.js';

type FakeSubscription = PassThrough & CancellableReadable & { unsubscribed: number };

/** A stand-in for the client's subscription stream: an object-mode stream that counts unsubscribes. */
function fakeSubscription(): FakeSubscription {
  return Object.assign(new PassThrough({ objectMode: true }), {
    unsubscribed: 0,
    async unsubscribe(this: FakeSubscription) {
      this.unsubscribed++;
    },
  });
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SubscriptionBatches', () => {
  it('hands out what has arrived in batches of at most batchSize, in order', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 3);
    for (let i = 1; i <= 7; i++) source.write(i);
    await tick();
    const seen: number[][] = [];
    while (seen.flat().length < 7) seen.push((await batches.next()) as number[]);
    expect(seen.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(seen.every((b) => b.length >= 1 && b.length <= 3)).toBe(true);
    await batches.close();
  });

  it('waits for the next event when none is buffered', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<string>(source, 10);
    const pending = batches.next();
    await tick();
    source.write('late');
    expect(await pending).toEqual(['late']);
    await batches.close();
  });

  it('gathers events that arrive back to back into one batch', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 100);
    const pending = batches.next();
    source.write(1);
    source.write(2);
    source.write(3);
    expect(await pending).toEqual([1, 2, 3]);
    await batches.close();
  });

  it('pauses the stream while a full batch waits and resumes once it is taken', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 2);
    for (let i = 0; i < 5; i++) source.write(i);
    await tick();
    expect(source.isPaused()).toBe(true);
    expect(await batches.next()).toEqual([0, 1]);
    await tick();
    expect(await batches.next()).toEqual([2, 3]);
    expect(await batches.next()).toEqual([4]);
    await batches.close();
  });

  it('says caught-up once the events sent before the signal are out, once per catching up', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 2);
    for (let i = 0; i < 3; i++) source.write(i);
    source.emit('caughtUp', {});
    expect(await batches.next()).toEqual([0, 1]);
    expect(await batches.next()).toEqual([2]);
    expect(await batches.next()).toBe('caught-up');
    const pending = batches.next();
    await tick();
    source.write(3);
    expect(await pending).toEqual([3]);
    expect(await batches.next()).toBe('caught-up');
    await batches.close();
  });

  it('says idle once when a server without caught-up signals goes quiet', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 10, undefined, 20);
    source.write(1);
    expect(await batches.next()).toEqual([1]);
    expect(await batches.next()).toBe('idle');
    const pending = batches.next();
    await new Promise((r) => setTimeout(r, 60));
    source.write(2);
    expect(await pending).toEqual([2]);
    expect(await batches.next()).toBe('idle');
    await batches.close();
  });

  it('reports a caught-up signal that comes after an idle', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 10, undefined, 10);
    expect(await batches.next()).toBe('idle');
    const pending = batches.next();
    source.emit('caughtUp', {});
    expect(await pending).toBe('caught-up');
    await batches.close();
  });

  it('ends with null when the signal aborts, even while waiting', async () => {
    const source = fakeSubscription();
    const controller = new AbortController();
    const batches = new SubscriptionBatches<number>(source, 10, controller.signal);
    const pending = batches.next();
    controller.abort();
    expect(await pending).toBeNull();
    expect(await batches.next()).toBeNull();
    await batches.close();
    expect(source.unsubscribed).toBe(1);
  });

  it('ends with null once closed, unsubscribing exactly once', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 10);
    const pending = batches.next();
    await batches.close();
    await batches.close();
    expect(await pending).toBeNull();
    expect(source.unsubscribed).toBe(1);
    expect(source.destroyed).toBe(true);
  });

  it('rejects with the stream error', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 10);
    const pending = batches.next();
    source.emit('error', new Error('connection lost'));
    await expect(pending).rejects.toThrow('connection lost');
    await batches.close();
  });

  it('delivers buffered events before reporting that the server ended the stream', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 10);
    source.end(1);
    await tick();
    expect(await batches.next()).toEqual([1]);
    await expect(batches.next()).rejects.toBeInstanceOf(SubscriptionEndedError);
    await batches.close();
  });

  it('ignores errors that arrive after closing', async () => {
    const source = fakeSubscription();
    const batches = new SubscriptionBatches<number>(source, 10);
    await batches.close();
    expect(() => source.emit('error', new Error('late cancel'))).not.toThrow();
  });

  it('refuses a batch size below one', () => {
    expect(() => new SubscriptionBatches<number>(fakeSubscription(), 0)).toThrow(RangeError);
  });
});

/**
 * Reactions are typed from the event schemas: `npm run typecheck` covers this file, so each
 * `@ts-expect-error` below fails the build the day the mistake it marks compiles again.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { postPublished, postScheduled } from '@epos/schemas';
import { defineWorkerReactor } from './reactor-context.js';

const noop = async () => undefined;

describe('defineWorkerReactor', () => {
  it('gives each reaction its event with the data its schema defines', () => {
    const reactor = defineWorkerReactor({
      name: 'typed',
      events: [postScheduled, postPublished],
      on: {
        PostScheduled: {
          effect: 'reads the time',
          react: async (event) => {
            expectTypeOf(event.type).toEqualTypeOf<'PostScheduled'>();
            expectTypeOf(event.data.publishAt).toEqualTypeOf<string>();
            // @ts-expect-error: PostScheduled carries no `first`
            void event.data.first;
          },
        },
        PostPublished: {
          effect: 'reads the flags',
          react: async (event) => {
            expectTypeOf(event.data.first).toEqualTypeOf<boolean>();
          },
        },
      },
    });
    expect(Object.keys(reactor.on)).toEqual(['PostScheduled', 'PostPublished']);
  });

  it('does not compile a misspelt event name, an unlisted event or a listed event left without a reaction', () => {
    // One mistake per reactor: TypeScript reports only the first unknown name of an object literal.
    const misspelt = defineWorkerReactor({
      name: 'misspelt',
      events: [postScheduled],
      on: {
        PostScheduled: { effect: 'ok', react: noop },
        // @ts-expect-error: no event is called PostSchedulde
        PostSchedulde: { effect: 'never', react: noop },
      },
    });
    const unlisted = defineWorkerReactor({
      name: 'unlisted',
      events: [postScheduled],
      on: {
        PostScheduled: { effect: 'ok', react: noop },
        // @ts-expect-error: PostPublished is an event, but not one this reactor lists
        PostPublished: { effect: 'never', react: noop },
      },
    });
    const missing = defineWorkerReactor({
      name: 'missing',
      events: [postScheduled, postPublished],
      // @ts-expect-error: PostPublished is listed but has no reaction
      on: { PostScheduled: { effect: 'ok', react: noop } },
    });
    expect([misspelt, unlisted, missing].map((reactor) => reactor.name)).toEqual(['misspelt', 'unlisted', 'missing']);
  });
});

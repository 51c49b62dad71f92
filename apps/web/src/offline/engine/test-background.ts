import type { BackgroundPort } from '@/offline/engine/background-client';
import type { BackgroundPost, ToBackground } from '@/offline/engine/background-protocol';

/**
 * The background worker's stand-in for tests (jsdom has no Worker): the same handler the worker runs, reached
 * through the same messages, each copied by structuredClone as postMessage copies it (a function or a class
 * instance in a message fails here as it would in the browser) and delivered in a later task.
 */
export function inPagePort(handle: (message: ToBackground, post: BackgroundPost) => void): BackgroundPort {
  const target = new EventTarget();
  const post: BackgroundPost = (answer) => {
    const copy = structuredClone(answer);
    setTimeout(() => target.dispatchEvent(new MessageEvent('message', { data: copy })));
  };
  return {
    postMessage(message) {
      const copy = structuredClone(message);
      setTimeout(() => {
        handle(copy, post);
      });
    },
    addEventListener: (type, listener) => {
      target.addEventListener(type, listener);
    },
    terminate: () => undefined,
  };
}

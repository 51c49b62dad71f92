import { vi } from 'vitest';

/**
 * XMLHttpRequest for component tests, sent through the stubbed fetch (test/fetch.ts), so one set of handlers
 * answers both: the upload's progress is reported once, half way, before the answer.
 */
export function stubXhrThroughFetch() {
  class FetchBackedXhr extends EventTarget {
    status = 0;
    responseText = '';
    readonly upload = new EventTarget();
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private readonly controller = new AbortController();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.controller.abort();
      this.dispatchEvent(new Event('abort'));
    }

    send(body: Blob | null) {
      const size = body?.size ?? 0;
      const progress = (loaded: number) =>
        Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: size });
      this.upload.dispatchEvent(progress(size / 2));
      fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal }).then(
        async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.dispatchEvent(new Event('load'));
        },
        () => {
          this.dispatchEvent(new Event('error'));
        },
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
}

import { describe, expect, it } from 'vitest';
import { mendCalendarAria } from '@/modules/calendar/utils/calendar-aria';

describe('mendCalendarAria', () => {
  it("makes '+n more' a button without an empty aria-controls, and leaves month cells unnamed", () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <table><tbody><tr>
        <td class="fc-daygrid-day" role="gridcell" aria-labelledby="fc-dom-2"><a id="fc-dom-2">26</a>
          <a class="fc-more-link" tabindex="0" aria-expanded="false" aria-controls="">+3 en plus</a>
        </td>
      </tr></tbody></table>
      <a class="fc-more-link" aria-expanded="true" aria-controls="fc-popover-1">+1</a>`;
    mendCalendarAria(root);
    const [closed, open] = root.querySelectorAll('.fc-more-link');
    expect(closed?.getAttribute('role')).toBe('button');
    expect(closed?.hasAttribute('aria-controls')).toBe(false);
    expect(open?.getAttribute('aria-controls')).toBe('fc-popover-1');
    expect(root.querySelector('td')?.hasAttribute('aria-labelledby')).toBe(false);
  });
});

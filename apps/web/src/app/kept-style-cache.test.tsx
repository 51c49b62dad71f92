import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button, Table } from 'antd';
import { describe, expect, it } from 'vitest';
import { createKeptStyleCache } from '@/app/kept-style-cache';

type Cache = ReturnType<typeof createKeptStyleCache>;

/** The style entries of one component type (their keys name it, as `style%<hash>%Button-Button%…`). */
const stylesOf = (cache: Cache, component: string) =>
  [...cache.cache.keys()].filter((key) => key.startsWith('style%') && key.includes(`%${component}-`));

describe('createKeptStyleCache', () => {
  it("keeps a component's computed styles after its last user unmounts, and reuses them for the next", () => {
    const cache = createKeptStyleCache();
    const first = render(
      <StyleProvider cache={cache}>
        <Button>Ouvrir</Button>
        <Table dataSource={[]} columns={[]} />
      </StyleProvider>,
    );
    const buttonStyles = stylesOf(cache, 'Button');
    expect(buttonStyles.length).toBeGreaterThan(0);
    const computed = buttonStyles.map((key) => cache.opGet(key)?.[1] as unknown);

    // The page leaves: with cssinjs's own cache, the entries are dropped here.
    first.unmount();
    expect(stylesOf(cache, 'Button')).toEqual(buttonStyles);
    expect(stylesOf(cache, 'Table').length).toBeGreaterThan(0);

    render(
      <StyleProvider cache={cache}>
        <Button>Fermer</Button>
      </StyleProvider>,
    );
    expect(buttonStyles.map((key) => cache.opGet(key)?.[1] as unknown)).toEqual(computed);
    // The same objects, not equal ones computed again.
    buttonStyles.forEach((key, index) => expect(cache.opGet(key)?.[1] as unknown).toBe(computed[index]));
  });

  it("counts each entry's users from one, so the last one leaving keeps it", () => {
    const cache = createKeptStyleCache();
    cache.opUpdate('style%x', () => [0, 'value']);
    cache.opUpdate('style%x', (entry) => (entry === null ? null : [entry[0] + 1, entry[1]]));
    cache.opUpdate('style%x', (entry) => (entry === null || entry[0] - 1 === 0 ? null : [entry[0] - 1, entry[1]]));
    expect(cache.opGet('style%x')).toEqual([1, 'value']);
  });
});

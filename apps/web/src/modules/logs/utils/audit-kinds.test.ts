import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@crm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import webEn from '@/locales/pages/en.json';
import webFr from '@/locales/pages/fr.json';
import { actionColor, actionLabel, entityTypeLabel } from './audit-kinds';

/** antd's preset tag colours, which the theme keeps readable (issue 29): no colour of our own. */
const ANTD_PRESETS = [
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
];

beforeAll(() => i18n.loadLanguages('en'));

describe('the labels of audit actions and entity types', () => {
  it('names in both catalogues every action and entity type the server writes, and no other word', () => {
    for (const catalogue of [webFr, webEn]) {
      expect(Object.keys(catalogue.logs.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
      expect(Object.keys(catalogue.logs.entityTypes).sort()).toEqual([...AUDIT_ENTITY_TYPES].sort());
    }
  });

  it('labels each of them in the reader’s language', () => {
    const fr = i18n.getFixedT('fr');
    const en = i18n.getFixedT('en');
    expect(actionLabel(fr, 'login')).toBe('Connexion');
    expect(actionLabel(en, 'login')).toBe('Signed in');
    expect(actionLabel(fr, 'end_other_sessions')).toBe('Autres sessions fermées');
    expect(entityTypeLabel(fr, 'campaign_template')).toBe('Modèle de campagne');
    expect(entityTypeLabel(en, 'campaign_template')).toBe('Campaign template');
    for (const action of AUDIT_ACTIONS) {
      expect(actionLabel(fr, action), action).not.toBe(action);
      expect(actionLabel(en, action), action).not.toBe(action);
    }
    for (const entityType of AUDIT_ENTITY_TYPES) {
      expect(entityTypeLabel(fr, entityType), entityType).not.toBe(entityType);
      expect(entityTypeLabel(en, entityType), entityType).not.toBe(entityType);
    }
  });

  it('colours each action with one of antd’s preset colours', () => {
    for (const action of AUDIT_ACTIONS) expect(ANTD_PRESETS, action).toContain(actionColor(action));
    expect(actionColor('create')).toBe('green');
    expect(actionColor('delete')).toBe('red');
    expect(actionColor('clear')).toBe('volcano');
  });

  it('shows a word of another version as stored, on a neutral tag', () => {
    const fr = i18n.getFixedT('fr');
    expect(actionLabel(fr, 'set_password')).toBe('set_password');
    expect(actionColor('set_password')).toBeUndefined();
    expect(entityTypeLabel(fr, 'template')).toBe('template');
    expect(actionLabel(fr, 'constructor')).toBe('constructor');
    expect(actionColor('toString')).toBeUndefined();
  });
});

import type { LogEntry } from '@crm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { entryFacts } from './log-labels';

beforeAll(() => i18n.loadLanguages('en'));
const fr = () => i18n.getFixedT('fr');
const en = () => i18n.getFixedT('en');

const entry = (overrides: Partial<LogEntry>): LogEntry => ({
  id: 'e1',
  action: 'login',
  entityType: 'user',
  entityId: 'u1',
  metadata: null,
  changes: null,
  createdAt: '2026-11-20T09:15:00.000Z',
  user: { id: 'u1', email: 'rep@demo-crm.fr' },
  ...overrides,
});

describe('entryFacts', () => {
  it('says how a user signed in, in the reader’s language', () => {
    const login = entry({ metadata: { email: 'rep@demo-crm.fr', method: 'password' } });
    expect(entryFacts(fr(), login)).toEqual(['Par mot de passe']);
    expect(entryFacts(en(), login)).toEqual(['With a password']);
    expect(entryFacts(fr(), entry({ metadata: { method: 'sso' } }))).toEqual(['Par authentification unique']);
  });

  it('words every fact the server records in French, with no English label', () => {
    const facts = (metadata: Record<string, unknown>, overrides: Partial<LogEntry> = {}) =>
      entryFacts(fr(), entry({ metadata, ...overrides }));
    expect(facts({ source: 'account' })).toEqual(['Depuis son compte']);
    expect(facts({ purpose: 'invitation' })).toEqual(["Lien d'invitation"]);
    expect(facts({ endedSessions: 2 })).toEqual(['2 autres sessions fermées']);
    expect(facts({ endedSessions: 0, sessionId: 's1', current: true })).toEqual(['Session en cours']);
    expect(
      facts({ source: 'sso', issuer: 'https://idp.test', subject: 'abc', isAdmin: false, readWrite: false }),
    ).toEqual([
      'Créé à la première connexion unique',
      'Fournisseur : https://idp.test',
      'Identifiant chez le fournisseur : abc',
      'Lecture seule',
    ]);
    expect(
      facts(
        { campaignName: 'Rentrée', recipientCount: 3, templateName: 'Nouveau médicament', skippedCount: 1 },
        { action: 'send', entityType: 'campaign' },
      ),
    ).toEqual(['3 destinataires', 'Modèle : Nouveau médicament', '1 médecin écarté']);
    expect(
      facts(
        { consentId: 'c1', doctorName: 'Marie Curie', kind: 'withdrawal', professionalConsent: false },
        { action: 'withdraw', entityType: 'consent' },
      ),
    ).toEqual(['Retrait', 'Communication professionnelle : Non']);
    expect(
      facts({ officeName: 'Cabinet du Parc', doctorCount: 2 }, { action: 'delete', entityType: 'office' }),
    ).toEqual(['2 médecins détachés']);
  });

  it('says a key no phrase knows as stored, with its value in the reader’s language', () => {
    expect(entryFacts(fr(), entry({ metadata: { newFlag: true, newCount: 4 } }))).toEqual([
      'newFlag : Oui',
      'newCount : 4',
    ]);
  });
});

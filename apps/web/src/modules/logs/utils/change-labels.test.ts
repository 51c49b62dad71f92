import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fieldLabel } from './change-fields';
import { translatedValue, valueText } from './change-values';

beforeAll(() => i18n.loadLanguages('en'));
const fr = () => i18n.getFixedT('fr');
const en = () => i18n.getFixedT('en');

describe('fieldLabel', () => {
  it('names a field as the form that changes it does, for its kind of record', () => {
    expect(fieldLabel(fr(), 'doctor', 'firstName')).toBe('Prénom');
    expect(fieldLabel(fr(), 'doctor', 'primarySpecialty')).toBe('Spécialité principale');
    expect(fieldLabel(en(), 'doctor', 'primarySpecialty')).toBe('Primary specialty');
    expect(fieldLabel(fr(), 'doctor', 'title')).toBe('Titre');
    expect(fieldLabel(fr(), 'activity', 'title')).toBe('Titre');
    expect(fieldLabel(fr(), 'activity', 'budgetEstimate')).toBe('Estimation du budget');
    expect(fieldLabel(fr(), 'office', 'postal_code')).toBe('Code postal');
    expect(fieldLabel(fr(), 'channel', 'needsBudgetApproval')).toBe('Validation du budget requise');
    expect(fieldLabel(fr(), 'user', 'readWrite')).toBe('Accès complet aux médecins et cabinets');
    expect(fieldLabel(fr(), 'activity', 'approvalStatus')).toBe('Validation du budget');
    expect(fieldLabel(fr(), 'email', 'folder')).toBe('Dossier');
  });

  it('shows a field no form names as stored, whatever the word', () => {
    expect(fieldLabel(fr(), 'doctor', 'newField')).toBe('newField');
    expect(fieldLabel(fr(), 'newsletter', 'firstName')).toBe('firstName');
    expect(fieldLabel(fr(), 'doctor', 'constructor')).toBe('constructor');
    expect(fieldLabel(fr(), 'constructor', '__proto__')).toBe('__proto__');
  });
});

describe('translatedValue', () => {
  it('says enumerated values as their own screens do', () => {
    expect(translatedValue(fr(), 'doctor', 'primarySpecialty', 'Cardiology')).toBe('Cardiologie');
    expect(translatedValue(en(), 'doctor', 'secondarySpecialty', 'Pediatrics')).toBe('Pediatrics');
    expect(translatedValue(fr(), 'doctor', 'gender', 'F')).toBe('Femme');
    expect(translatedValue(fr(), 'activity', 'approvalStatus', 'waiting_approval')).toBe('En attente de validation');
    expect(translatedValue(fr(), 'activity', 'approvalStatus', 'none')).toBe('Aucune');
    expect(translatedValue(fr(), 'activity', 'type', 'Face to face')).toBe('Face-à-face');
    expect(translatedValue(fr(), 'channel', 'name', 'Call')).toBe('Appel');
    expect(translatedValue(fr(), 'email', 'folder', 'bin')).toBe('Corbeille');
    expect(translatedValue(fr(), 'user', 'isAdmin', true)).toBe('Admin');
    expect(translatedValue(fr(), 'user', 'readWrite', false)).toBe('Lecture seule');
    expect(translatedValue(fr(), 'product', 'active', false)).toBe('Non');
  });

  it('leaves free data and unknown values as stored', () => {
    expect(translatedValue(fr(), 'doctor', 'lastName', 'Martin')).toBeUndefined();
    expect(translatedValue(fr(), 'doctor', 'primarySpecialty', 'Oncology')).toBeUndefined();
    expect(translatedValue(fr(), 'activity', 'type', 'Salon régional')).toBe('Salon régional');
    expect(translatedValue(fr(), 'doctor', 'constructor', 'x')).toBeUndefined();
    expect(valueText(fr(), 'activity', 'duration', 45)).toBe('45');
    expect(valueText(fr(), 'activity', 'start', '2026-11-20T09:15:00.000Z')).toMatch(/^20 novembre 2026 \d{2}:15$/);
  });
});

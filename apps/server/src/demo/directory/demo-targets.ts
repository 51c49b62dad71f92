import { newId } from '#server/db/ids.ts';
import type { TargetsTable } from '#server/db/schema.ts';

/** The demo's targets: four active tiers and a retired one. */
export function demoTargets(now: string): TargetsTable[] {
  const target = (name: string, description: string, color: string, priority: number, active = 1): TargetsTable => ({
    id: newId(),
    name,
    description,
    color,
    priority,
    active,
    created_at: now,
    updated_at: now,
  });
  return [
    target('A – Prioritaire', 'Prescripteurs clés : une visite par mois', '#f5222d', 100),
    target('B – Important', 'Fort potentiel : une visite par trimestre', '#fa8c16', 75),
    target('C – Standard', 'Suivi régulier : deux visites par an', '#1890ff', 50),
    target('D – Faible', 'Contact à distance (e-mail, téléphone)', '#8c8c8c', 25),
    target('Ancienne cible 2025', 'Classement de la campagne précédente, conservé pour mémoire', '#bfbfbf', 0, 0),
  ];
}

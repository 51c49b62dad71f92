/**
 * French words of the generated activities: the demo products, titles, objectives, notes, venues. Each
 * product belongs to one of the directory's specialties, so a visit tends to present what the doctor
 * prescribes.
 */

export type DemoProduct = {
  name: string;
  /** The brand alone, as titles say it ('Présentation Cardiovex'). */
  brand: string;
  description: string;
  specialty: string;
  /** What an information event about it is about. */
  theme: string;
};

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Cardiovex 10 mg',
    brand: 'Cardiovex',
    description: 'Antihypertenseur (inhibiteur calcique), comprimé pelliculé',
    specialty: 'Cardiology',
    theme: "la prise en charge de l'hypertension",
  },
  {
    name: 'Lipistat 20 mg',
    brand: 'Lipistat',
    description: 'Hypolipémiant (statine), comprimé sécable',
    specialty: 'Cardiology',
    theme: 'la prévention cardiovasculaire',
  },
  {
    name: 'Dermacalm 0,1 %',
    brand: 'Dermacalm',
    description: "Dermocorticoïde d'activité modérée, crème pour l'eczéma atopique",
    specialty: 'Dermatology',
    theme: "l'eczéma atopique de l'adulte",
  },
  {
    name: 'Migralon 2,5 mg',
    brand: 'Migralon',
    description: 'Antimigraineux (triptan), comprimé orodispersible',
    specialty: 'Neurology',
    theme: 'le traitement de la crise migraineuse',
  },
  {
    name: 'Pédiavit D3 1 000 UI',
    brand: 'Pédiavit',
    description: 'Vitamine D3 en gouttes buvables, du nourrisson à l’adolescent',
    specialty: 'Pediatrics',
    theme: 'la supplémentation en vitamine D',
  },
  {
    name: 'Sérénium 50 mg',
    brand: 'Sérénium',
    description: 'Antidépresseur (inhibiteur sélectif de la recapture de la sérotonine), gélule',
    specialty: 'Psychiatry',
    theme: "l'épisode dépressif caractérisé",
  },
];

/** Which products each demo account sells, by role: `count` of them from `offset` in the list (2 to 4). */
export const DEMO_PRODUCT_SHARE = {
  demoAdmin: { offset: 0, count: 4 },
  manager: { offset: 3, count: 3 },
  representative: { offset: 0, count: 3 },
  reader: { offset: 4, count: 2 },
} as const;

const COURTESY_TITLES: Readonly<Record<string, string>> = { Prof: 'Pr', Mr: 'M.', Mrs: 'Mme', Ms: 'Mme' };

/** 'Dr', 'Pr', 'M.', 'Mme' before a doctor's last name in a title. */
export function courtesyTitle(prefix: string | null): string {
  return (prefix === null ? undefined : COURTESY_TITLES[prefix]) ?? 'Dr';
}

/** Titles by kind; {doctor} is 'Dr Martin', {brand} a product of the activity. */
export const TITLES = {
  visit: ['Visite – {doctor}', 'Présentation {brand} – {doctor}', 'Visite de suivi – {doctor}', 'Présentation {brand}'],
  call: ['Appel de suivi – {doctor}', 'Appel – {doctor}', 'Prise de rendez-vous – {doctor}', 'Appel de suivi'],
  video: ['Visio – {doctor}', 'Visioconférence : présentation {brand}', 'Visio de suivi – {doctor}'],
  email: ['Envoi documentation {brand}', 'E-mail de suivi – {doctor}', 'Envoi de l’étude clinique {brand}'],
  event: [
    'Déjeuner-débat : {brand}',
    "Soirée d'information – {theme}",
    'Staff hospitalier – {brand}',
    'Atelier FMC : {theme}',
    'Congrès régional – stand {brand}',
  ],
  other: ['Rendez-vous – {doctor}', 'Suivi {brand}'],
} as const;

/** All-day time-off titles; Congés covers a whole week. */
export const TIME_OFF_TITLES = {
  holiday: 'Congés',
  single: ['RTT', 'Formation', 'RTT', 'Séminaire commercial'],
} as const;

export const DESCRIPTIONS = [
  'Rendez-vous confirmé par le secrétariat.',
  'Apporter les échantillons et la fiche posologie.',
  'Cabinet de groupe : voir aussi les associés si possible.',
  'Créneau entre deux consultations, rester bref.',
  'Parking difficile, prévoir dix minutes de marge.',
  'Documentation remise à jour après la dernière recommandation HAS.',
] as const;

export const PRECALL_OBJECTIVES = [
  'Présenter les nouvelles données de tolérance de {brand}.',
  'Recueillir les retours sur les premiers patients traités par {brand}.',
  'Remettre la brochure patient et les échantillons de {brand}.',
  'Identifier les freins à la prescription de {brand}.',
  'Proposer une participation au prochain déjeuner-débat.',
  'Présenter la nouvelle posologie et le schéma de titration.',
  'Faire le point sur le remboursement et les conditions de prescription.',
] as const;

export const CALL_NOTES = [
  'Médecin réceptif, prescrit déjà {brand} à quelques patients.',
  "Entretien court (10 min) ; intérêt pour l'étude de phase III.",
  'Souhaite recevoir la documentation par e-mail.',
  'Questions sur les interactions médicamenteuses : réponse envoyée par le service médical.',
  'Peu disponible aujourd’hui, rappeler le mois prochain.',
  'Bons retours de ses patients sur la tolérance de {brand}.',
  'Préfère un format visio pour les prochains échanges.',
  'A rencontré un confrère du réseau lors du dernier congrès ; sensible aux données en vie réelle.',
] as const;

export const NEXT_CALL_OBJECTIVES = [
  'Faire le point sur les premiers résultats patients.',
  'Présenter {brand} lors de la prochaine visite.',
  'Inviter au congrès régional.',
  'Apporter les nouvelles fiches patients.',
  'Vérifier la disponibilité en pharmacie du secteur.',
] as const;

export const EVENT_VENUES = [
  'Hôtel Mercure – salle Lumière',
  'Restaurant Le Bistrot du Parc',
  'Centre hospitalier – salle de staff',
  'Maison de santé – salle de réunion',
  'Novotel – salon Évasion',
  'Brasserie de la Gare – salon privé',
] as const;

/** What a manager writes when refusing a budget (after the spec's fixed reason). */
export const REJECTION_NOTES = [
  'Budget trop élevé pour ce format, à revoir à la baisse.',
  'Événement déjà prévu dans le secteur ce mois-ci.',
  'Merci de regrouper avec la soirée du mois prochain.',
] as const;

/** Budgets of events, in cents. */
export const EVENT_BUDGETS_CENTS = [15_000, 24_550, 30_000, 45_000, 60_000, 80_000, 120_000, 150_000, 250_000] as const;

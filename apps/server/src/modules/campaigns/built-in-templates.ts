import type { BuiltInTemplateId, CampaignTemplate, Language, TemplateType } from '@crm/shared';

type BuiltInText = { name: string; description: string; subject: string; content: string };
type BuiltIn = { id: BuiltInTemplateId; type: TemplateType; text: Record<Language, BuiltInText> };

/** When the built-ins count as made: older than any template a user makes, so they list last. */
const BUILT_IN_CREATED_AT = '2026-01-01T00:00:00.000Z';

/** The four templates every user has (spec 001 §3), in French and English; placeholders are filled per doctor. */
const BUILT_INS: BuiltIn[] = [
  {
    id: 'new-medicine',
    type: 'medicine',
    text: {
      fr: {
        name: 'Nouveau médicament',
        description: 'Présenter un nouveau traitement aux médecins concernés.',
        subject: 'Un nouveau traitement pour vos patients',
        content:
          '<p>Bonjour {{doctorName}},</p><p>Nous avons le plaisir de vous présenter notre nouveau traitement, désormais disponible en pharmacie.</p>' +
          '<h3>Points clés</h3><ul><li><p>Indication et posologie conformes au RCP</p></li><li><p>Résultats des études cliniques de phase III</p></li><li><p>Documentation disponible sur demande</p></li></ul>' +
          '<p>Je reste à votre disposition pour en parler lors de ma prochaine visite.</p><p>Bien cordialement,<br>{{senderName}}</p>',
      },
      en: {
        name: 'New medicine',
        description: 'Introduce a new treatment to the doctors it concerns.',
        subject: 'A new treatment for your patients',
        content:
          '<p>Dear {{doctorName}},</p><p>We are pleased to introduce our new treatment, now available in pharmacies.</p>' +
          '<h3>Key points</h3><ul><li><p>Indication and dosage as per the SmPC</p></li><li><p>Phase III clinical study results</p></li><li><p>Documentation available on request</p></li></ul>' +
          '<p>I will be glad to discuss it at my next visit.</p><p>Kind regards,<br>{{senderName}}</p>',
      },
    },
  },
  {
    id: 'congress-invitation',
    type: 'congress',
    text: {
      fr: {
        name: 'Invitation à un congrès',
        description: 'Inviter les médecins à un congrès médical.',
        subject: 'Invitation : {{eventName}}',
        content:
          '<p>Bonjour {{doctorName}},</p><p>Nous avons l’honneur de vous inviter au congrès <strong>{{eventName}}</strong>.</p>' +
          '<table><tbody><tr><th><p>Date</p></th><th><p>Lieu</p></th><th><p>Thèmes</p></th></tr><tr><td><p>{{eventDate}}</p></td><td><p>{{eventLocation}}</p></td><td><p>{{eventTopics}}</p></td></tr></tbody></table>' +
          '<p>Merci de me faire savoir si vous souhaitez y participer.</p><p>Bien cordialement,<br>{{senderName}}</p>',
      },
      en: {
        name: 'Congress invitation',
        description: 'Invite doctors to a medical congress.',
        subject: 'Invitation: {{eventName}}',
        content:
          '<p>Dear {{doctorName}},</p><p>We are honoured to invite you to the <strong>{{eventName}}</strong> congress.</p>' +
          '<table><tbody><tr><th><p>Date</p></th><th><p>Venue</p></th><th><p>Topics</p></th></tr><tr><td><p>{{eventDate}}</p></td><td><p>{{eventLocation}}</p></td><td><p>{{eventTopics}}</p></td></tr></tbody></table>' +
          '<p>Please let me know whether you would like to attend.</p><p>Kind regards,<br>{{senderName}}</p>',
      },
    },
  },
  {
    id: 'pharma-event',
    type: 'pharma',
    text: {
      fr: {
        name: 'Événement du laboratoire',
        description: 'Annoncer une soirée scientifique ou un atelier du laboratoire.',
        subject: '{{eventName}} – {{eventDate}}',
        content:
          '<p>Bonjour {{doctorName}},</p><p>Le laboratoire organise <strong>{{eventName}}</strong> le {{eventDate}} à {{eventLocation}}.</p>' +
          '<p>Au programme : {{eventTopics}}.</p><p>Je serai heureux de vous y retrouver.</p><p>Bien cordialement,<br>{{senderName}}</p>',
      },
      en: {
        name: 'Laboratory event',
        description: 'Announce a scientific evening or a workshop of the laboratory.',
        subject: '{{eventName}} – {{eventDate}}',
        content:
          '<p>Dear {{doctorName}},</p><p>The laboratory is holding <strong>{{eventName}}</strong> on {{eventDate}} at {{eventLocation}}.</p>' +
          '<p>On the programme: {{eventTopics}}.</p><p>I look forward to seeing you there.</p><p>Kind regards,<br>{{senderName}}</p>',
      },
    },
  },
  {
    id: 'general-update',
    type: 'general',
    text: {
      fr: {
        name: 'Actualités',
        description: 'Partager des nouvelles générales avec les médecins.',
        subject: 'Les actualités de votre délégué',
        content:
          '<p>Bonjour {{doctorName}},</p><p>Voici les dernières nouvelles que je souhaitais partager avec vous :</p>' +
          '<ul><li><p>mise à jour des recommandations de bon usage ;</p></li><li><p>nouveaux documents d’information pour vos patients.</p></li></ul>' +
          '<p>N’hésitez pas à me contacter pour toute question.</p><p>Bien cordialement,<br>{{senderName}}</p>',
      },
      en: {
        name: 'General update',
        description: 'Share general news with doctors.',
        subject: 'News from your representative',
        content:
          '<p>Dear {{doctorName}},</p><p>Here is the latest news I wanted to share with you:</p>' +
          '<ul><li><p>updated guidance on good use;</p></li><li><p>new information leaflets for your patients.</p></li></ul>' +
          '<p>Do not hesitate to contact me with any question.</p><p>Kind regards,<br>{{senderName}}</p>',
      },
    },
  },
];

export function builtInTemplates(language: Language): CampaignTemplate[] {
  return BUILT_INS.map((template) => ({
    id: template.id,
    type: template.type,
    ...template.text[language],
    createdAt: BUILT_IN_CREATED_AT,
    isBuiltIn: true,
  }));
}

export function builtInTemplate(id: string, language: Language): CampaignTemplate | undefined {
  return builtInTemplates(language).find((template) => template.id === id);
}

import { APP_TIME_ZONE, type ConsentChoice, type ConsentRecord, type WithdrawalRequester } from '@crm/shared';
import { type PDFFont, type PDFImage, type PDFPage, PDFDocument, PageSizes, StandardFonts, rgb } from 'pdf-lib';

export type CertificateLanguage = 'fr' | 'en';

export type CertificateImage = { bytes: Uint8Array; mimeType: 'image/png' | 'image/jpeg' };

export type ConsentCertificateInput = {
  record: ConsentRecord;
  /** The record's signature image; null for a withdrawal (or when the record has none). */
  image: CertificateImage | null;
  lang: CertificateLanguage;
  /** When the certificate is issued (the service's clock): printed, and the PDF's creation date. */
  issuedAt?: Date;
};

type Texts = {
  title: string;
  record: string;
  timeZoneNote: string;
  doctor: string;
  name: string;
  rpps: string;
  consent: string;
  kind: string;
  kinds: Record<ConsentRecord['kind'], string>;
  requestedBy: string;
  requesters: Record<WithdrawalRequester, string>;
  reason: string;
  choices: Record<ConsentChoice, string>;
  given: string;
  notGiven: string;
  collection: string;
  signedAt: string;
  withdrawnAt: string;
  recordedAt: string;
  collectedBy: string;
  recordedBy: string;
  screenLanguage: string;
  languages: Record<CertificateLanguage, string>;
  contactEmail: string;
  contactPhone: string;
  none: string;
  signature: string;
  noSignature: string;
  unreadableImage: string;
  integrity: string;
  imageSha256: string;
  recordHash: string;
  previousHash: string;
  firstRecord: string;
  integrityNote: string;
  issuedAt: string;
};

/**
 * The certificate's wording, server-side like the rest of the PDF. The three choices are worded as on the
 * consent screen.
 */
const TEXTS: Record<CertificateLanguage, Texts> = {
  fr: {
    title: 'Certificat de consentement',
    record: 'Enregistrement',
    timeZoneNote: 'Heures de Paris (Europe/Paris) ; entre parenthèses, la valeur enregistrée en UTC.',
    doctor: 'Médecin',
    name: 'Nom',
    rpps: 'RPPS',
    consent: 'Consentement',
    kind: 'Nature',
    kinds: { signature: 'Signature du médecin', withdrawal: 'Retrait du consentement' },
    requestedBy: 'Retrait demandé par',
    requesters: { doctor: 'Le médecin', rep: 'Le délégué (à son initiative)' },
    reason: 'Motif',
    choices: {
      professional: 'Communication professionnelle',
      congress: 'Invitations aux congrès',
      general: 'Communication générale',
    },
    given: 'accordé',
    notGiven: 'non accordé',
    collection: 'Recueil',
    signedAt: "Signé le (heure de l'appareil)",
    withdrawnAt: "Retiré le (heure de l'appareil)",
    recordedAt: 'Enregistré le (heure du serveur)',
    collectedBy: 'Recueilli par',
    recordedBy: 'Enregistré par',
    screenLanguage: "Langue de l'écran",
    languages: { fr: 'français', en: 'anglais' },
    contactEmail: 'E-mail de contact',
    contactPhone: 'Téléphone de contact',
    none: '—',
    signature: 'Signature',
    noSignature: 'Aucune signature : un retrait ne demande pas de signature.',
    unreadableImage: "L'image enregistrée n'a pas pu être affichée ; son empreinte figure ci-dessous.",
    integrity: 'Intégrité',
    imageSha256: "SHA-256 de l'image",
    recordHash: "Empreinte de l'enregistrement",
    previousHash: 'Empreinte précédente',
    firstRecord: 'aucune : premier enregistrement du médecin',
    integrityNote:
      "L'empreinte de l'enregistrement (SHA-256) couvre chacune des valeurs ci-dessus, l'empreinte de l'image et celle de l'enregistrement précédent du même médecin : toute modification ultérieure de l'enregistrement conservé est détectable.",
    issuedAt: 'Certificat émis le',
  },
  en: {
    title: 'Consent certificate',
    record: 'Record',
    timeZoneNote: 'Paris times (Europe/Paris); in brackets, the value stored in UTC.',
    doctor: 'Doctor',
    name: 'Name',
    rpps: 'RPPS',
    consent: 'Consent',
    kind: 'Kind',
    kinds: { signature: "Doctor's signature", withdrawal: 'Consent withdrawal' },
    requestedBy: 'Withdrawal requested by',
    requesters: { doctor: 'The doctor', rep: 'The representative (own initiative)' },
    reason: 'Reason',
    choices: {
      professional: 'Professional communication',
      congress: 'Congress invitations',
      general: 'General communication',
    },
    given: 'given',
    notGiven: 'not given',
    collection: 'Collection',
    signedAt: 'Signed at (device time)',
    withdrawnAt: 'Withdrawn at (device time)',
    recordedAt: 'Recorded at (server time)',
    collectedBy: 'Collected by',
    recordedBy: 'Recorded by',
    screenLanguage: 'Screen language',
    languages: { fr: 'French', en: 'English' },
    contactEmail: 'Contact e-mail',
    contactPhone: 'Contact phone',
    none: '—',
    signature: 'Signature',
    noSignature: 'No signature: a withdrawal needs none.',
    unreadableImage: 'The stored image could not be shown; its hash is given below.',
    integrity: 'Integrity',
    imageSha256: 'Image SHA-256',
    recordHash: 'Record hash',
    previousHash: 'Previous hash',
    firstRecord: "none: the doctor's first record",
    integrityNote:
      "The record hash (SHA-256) covers every value above, the image's hash and the hash of the same doctor's previous record: any later change to the stored record is detectable.",
    issuedAt: 'Certificate issued at',
  },
};

const DATE_LOCALES: Record<CertificateLanguage, string> = { fr: 'fr-FR', en: 'en-GB' };

/** 'd MMMM yyyy HH:mm' in Paris time, e.g. 25 novembre 2026 14:05; the stored text when it is not a date. */
export function formatCertificateDate(iso: string, lang: CertificateLanguage): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const parts = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    timeZone: APP_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * The text as the font can draw it. The standard fonts are WinAnsi (French accents, œ, €, typographic quotes):
 * a character outside it loses its accents when that is enough (ő → o), else becomes '?', so a name in another
 * script never stops the certificate. Line breaks and tabs become spaces: a field is wrapped by the layout.
 */
export function drawableText(text: string, drawable: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (drawable.has(code)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base !== '' && Array.from(base).every((c) => drawable.has(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out;
}

/** Lines of at most `width` points: at spaces, and inside a word only when the word alone is wider (a hash). */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = () => {
    if (line !== '') lines.push(line);
    line = '';
  };
  for (const word of text.split(' ').filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    push();
    let rest = word;
    while (measure(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  push();
  return lines.length === 0 ? [''] : lines;
}

const MARGIN = 50;
const LABEL_WIDTH = 150;
const TEXT_SIZE = 10;
const HASH_SIZE = 8.5;
const LINE_GAP = 3;
const SIGNATURE_BOX = { width: 300, height: 150 };
const GREY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.75, 0.75, 0.75);
const BLACK = rgb(0, 0, 0);

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

/** Draws top to bottom on one page, keeping the cursor. */
class PageWriter {
  private y: number;
  private readonly width: number;
  private readonly drawable: ReadonlySet<number>;

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {
    this.y = page.getHeight() - MARGIN;
    this.width = page.getWidth() - 2 * MARGIN;
    // The three standard fonts share the WinAnsi encoding, so one set serves them all.
    this.drawable = new Set(fonts.regular.getCharacterSet());
  }

  title(text: string): void {
    this.lines(text, { font: this.fonts.bold, size: 20, x: MARGIN, width: this.width });
    this.y -= 4;
  }

  note(text: string): void {
    this.lines(text, { font: this.fonts.regular, size: 8.5, x: MARGIN, width: this.width, color: GREY });
  }

  section(text: string): void {
    this.y -= 10;
    this.lines(text, { font: this.fonts.bold, size: 12, x: MARGIN, width: this.width });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 1 },
      end: { x: MARGIN + this.width, y: this.y + 1 },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 5;
  }

  /** A label and its value side by side; the value wraps in its column. */
  field(label: string, value: string, options: { mono?: boolean; bold?: boolean } = {}): void {
    const top = this.y;
    this.lines(label, { font: this.fonts.regular, size: TEXT_SIZE, x: MARGIN, width: LABEL_WIDTH - 8, color: GREY });
    const labelBottom = this.y;
    this.y = top;
    const font = options.mono ? this.fonts.mono : options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.mono ? HASH_SIZE : TEXT_SIZE;
    // A monospace value sits on the label's baseline.
    if (options.mono) this.y -= TEXT_SIZE - HASH_SIZE;
    this.lines(value, { font, size, x: MARGIN + LABEL_WIDTH, width: this.width - LABEL_WIDTH });
    this.y = Math.min(this.y, labelBottom) - 2;
  }

  /** A choice with a box, ticked when given. */
  choice(label: string, given: boolean, status: string): void {
    const size = 9;
    const boxTop = this.y - 1;
    this.page.drawRectangle({
      x: MARGIN,
      y: boxTop - size,
      width: size,
      height: size,
      borderColor: BLACK,
      borderWidth: 0.8,
    });
    if (given) {
      this.page.drawLine({
        start: { x: MARGIN + 1.8, y: boxTop - 4.8 },
        end: { x: MARGIN + 3.8, y: boxTop - 7.2 },
        thickness: 1.2,
      });
      this.page.drawLine({
        start: { x: MARGIN + 3.8, y: boxTop - 7.2 },
        end: { x: MARGIN + 7.4, y: boxTop - 1.8 },
        thickness: 1.2,
      });
    }
    const top = this.y;
    this.lines(label, { font: this.fonts.regular, size: TEXT_SIZE, x: MARGIN + 16, width: LABEL_WIDTH + 60 });
    const bottom = this.y;
    this.y = top;
    this.lines(status, {
      font: given ? this.fonts.bold : this.fonts.regular,
      size: TEXT_SIZE,
      x: MARGIN + LABEL_WIDTH + 90,
      width: this.width - LABEL_WIDTH - 90,
      color: given ? BLACK : GREY,
    });
    this.y = Math.min(this.y, bottom) - 3;
  }

  /** The image at its aspect ratio inside the signature box, with a frame. */
  image(image: PDFImage): void {
    const scale = Math.min(SIGNATURE_BOX.width / image.width, SIGNATURE_BOX.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.y -= 4;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - SIGNATURE_BOX.height - 8,
      width: SIGNATURE_BOX.width + 8,
      height: SIGNATURE_BOX.height + 8,
      borderColor: RULE,
      borderWidth: 0.8,
    });
    this.page.drawImage(image, {
      x: MARGIN + 4 + (SIGNATURE_BOX.width - width) / 2,
      y: this.y - 4 - SIGNATURE_BOX.height + (SIGNATURE_BOX.height - height) / 2,
      width,
      height,
    });
    this.y -= SIGNATURE_BOX.height + 12;
  }

  paragraph(text: string): void {
    this.lines(text, { font: this.fonts.regular, size: TEXT_SIZE, x: MARGIN, width: this.width });
  }

  private lines(
    text: string,
    o: { font: PDFFont; size: number; x: number; width: number; color?: ReturnType<typeof rgb> },
  ): void {
    const drawn = drawableText(text, this.drawable);
    for (const line of wrapText(drawn, o.width, (t) => o.font.widthOfTextAtSize(t, o.size))) {
      this.y -= o.size;
      this.page.drawText(line, { x: o.x, y: this.y, size: o.size, font: o.font, color: o.color ?? BLACK });
      this.y -= LINE_GAP;
    }
  }
}

async function embed(pdf: PDFDocument, image: CertificateImage): Promise<PDFImage | null> {
  try {
    return image.mimeType === 'image/png' ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes);
  } catch {
    // The bytes were checked when stored; should they still not decode, the certificate says so and carries
    // the image's hash rather than failing.
    return null;
  }
}

const CHOICE_FIELDS: Record<ConsentChoice, 'professionalConsent' | 'congressConsent' | 'generalConsent'> = {
  professional: 'professionalConsent',
  congress: 'congressConsent',
  general: 'generalConsent',
};

const withUtc = (iso: string, lang: CertificateLanguage) => `${formatCertificateDate(iso, lang)}  (${iso})`;

/**
 * One consent record as a one-page A4 PDF: the doctor, the three choices, the kind (and for a withdrawal who
 * asked and why), the device and server times, the collector, the contact given, the signature and the hashes
 * that chain the record. The record id is in the title and subject metadata, so a file found later names its
 * record.
 */
export async function renderConsentCertificate(input: ConsentCertificateInput): Promise<Uint8Array> {
  const { record, lang } = input;
  const t = TEXTS[lang];
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  };
  const page = pdf.addPage(PageSizes.A4);
  const w = new PageWriter(page, fonts);
  const doctorName = `${record.doctorFirstName} ${record.doctorLastName}`;

  w.title(t.title);
  w.note(`${t.record} ${record.id}`);
  w.note(t.timeZoneNote);

  w.section(t.doctor);
  w.field(t.name, doctorName, { bold: true });
  w.field(t.rpps, record.doctorRpps);

  w.section(t.consent);
  w.field(t.kind, t.kinds[record.kind], { bold: true });
  if (record.kind === 'withdrawal') {
    w.field(t.requestedBy, record.withdrawalRequestedBy === null ? t.none : t.requesters[record.withdrawalRequestedBy]);
    w.field(t.reason, record.withdrawalReason ?? t.none);
  }
  for (const choice of Object.keys(CHOICE_FIELDS) as ConsentChoice[]) {
    const given = record[CHOICE_FIELDS[choice]];
    w.choice(t.choices[choice], given, given ? t.given : t.notGiven);
  }

  w.section(t.collection);
  const withdrawal = record.kind === 'withdrawal';
  w.field(withdrawal ? t.withdrawnAt : t.signedAt, withUtc(record.signatureDate, lang));
  w.field(t.recordedAt, withUtc(record.recordedAt, lang));
  const collector = record.collectedBy;
  w.field(
    withdrawal ? t.recordedBy : t.collectedBy,
    collector.displayName ? `${collector.displayName} <${collector.email}>` : collector.email,
  );
  w.field(t.contactEmail, record.email ?? t.none);
  w.field(t.contactPhone, record.phone ?? t.none);
  w.field(t.screenLanguage, t.languages[record.language]);

  w.section(t.signature);
  const image = input.image === null ? null : await embed(pdf, input.image);
  if (image !== null) w.image(image);
  else w.paragraph(input.image === null && record.kind === 'withdrawal' ? t.noSignature : t.unreadableImage);

  w.section(t.integrity);
  w.field(t.imageSha256, record.imageSha256 ?? t.none, { mono: record.imageSha256 !== null });
  w.field(t.recordHash, record.recordHash, { mono: true });
  w.field(t.previousHash, record.previousHash ?? t.firstRecord, { mono: record.previousHash !== null });
  w.note(t.integrityNote);
  if (input.issuedAt) w.note(`${t.issuedAt} ${withUtc(input.issuedAt.toISOString(), lang)}`);

  pdf.setTitle(`${t.title} ${record.id}`);
  pdf.setSubject(`${t.title} — ${doctorName} (RPPS ${record.doctorRpps}) — ${t.record} ${record.id}`);
  pdf.setKeywords([record.id, record.recordHash]);
  pdf.setLanguage(lang === 'fr' ? 'fr-FR' : 'en-GB');
  pdf.setCreator('CRM');
  pdf.setProducer('CRM (pdf-lib)');
  const created = input.issuedAt ?? new Date(record.recordedAt);
  if (!Number.isNaN(created.getTime())) {
    pdf.setCreationDate(created);
    pdf.setModificationDate(created);
  }
  return pdf.save();
}

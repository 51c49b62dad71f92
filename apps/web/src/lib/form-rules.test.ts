import { BulkCreateEmailsField, emailField, EmailInput, MAX_RECIPIENTS, USERS_BATCH_MAX } from '@crm/shared';
import type { RuleObject } from 'antd/es/form';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schemaRule, type SchemaRuleOptions, type SchemaLike } from '@/lib/form-rules';
import { i18n } from '@/lib/i18n';

/** What antd's form gets from the rule for this value: undefined when it passes, else the message shown. */
async function check(schema: SchemaLike, value: unknown, options?: SchemaRuleOptions): Promise<string | undefined> {
  const rule = schemaRule(schema, options) as RuleObject;
  try {
    await rule.validator?.(rule, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const addresses = (count: number) => Array.from({ length: count }, (_, index) => `rep${index}@demo-crm.fr`);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('schemaRule', () => {
  it('passes what the schema accepts and gives its message, translated, for what it refuses', async () => {
    expect(await check(emailField(), 'anne.martin@labo.fr')).toBeUndefined();
    expect(await check(emailField(), 'x@demo')).toBe('Please enter a valid email address');
    await i18n.changeLanguage('fr');
    expect(await check(emailField(), 'x@demo')).toBe('Veuillez saisir une adresse e-mail valide');
  });

  it('leaves an empty value, an empty list included, to the field’s required rule', async () => {
    for (const empty of [undefined, null, '', []]) expect(await check(emailField(), empty)).toBeUndefined();
  });

  it('lets the schema judge an empty value with its own message when asked', async () => {
    const recipients = EmailInput.shape.recipients;
    expect(await check(recipients, [], { checksEmpty: true })).toBe('Please add at least one recipient');
    expect(await check(recipients, undefined, { checksEmpty: true })).toBe('Please add at least one recipient');
  });

  it('applies the schema’s limits: the recipients of a message', async () => {
    const recipients = EmailInput.shape.recipients;
    expect(await check(recipients, addresses(MAX_RECIPIENTS))).toBeUndefined();
    expect(await check(recipients, addresses(MAX_RECIPIENTS + 1))).toBe('A message can have at most 100 recipients');
    await i18n.changeLanguage('fr');
    expect(await check(recipients, addresses(MAX_RECIPIENTS + 1))).toBe(
      'Un message peut avoir au plus 100 destinataires',
    );
  });

  it('lets the field word a key its own way, naming the values that fail that way', async () => {
    const options: SchemaRuleOptions = {
      messages: { 'validation.email': (wrong) => `Wrong: ${wrong.join(' | ')}` },
    };
    expect(await check(EmailInput.shape.recipients, ['a@labo.fr', 'paul', ' x@demo '], options)).toBe(
      'Wrong: paul | x@demo',
    );
    // Keys the field does not word keep the schema's translated message.
    expect(await check(EmailInput.shape.recipients, addresses(MAX_RECIPIENTS + 1), options)).toBe(
      'A message can have at most 100 recipients',
    );
  });

  it('reads the values at fault after the schema’s own splitting: the batch dialog’s comma-separated text', async () => {
    const options: SchemaRuleOptions = {
      checksEmpty: true,
      messages: { 'validation.email': (wrong) => wrong.join(', ') },
    };
    expect(await check(BulkCreateEmailsField, 'anne.martin@labo.fr,  paul , marc@labo', options)).toBe(
      'paul, marc@labo',
    );
    expect(await check(BulkCreateEmailsField, ' , ,', options)).toBe('This field is required');
    expect(await check(BulkCreateEmailsField, addresses(USERS_BATCH_MAX + 1).join(','), options)).toBe(
      'At most 200 addresses at a time',
    );
    expect(await check(BulkCreateEmailsField, addresses(USERS_BATCH_MAX).join(','), options)).toBeUndefined();
  });
});

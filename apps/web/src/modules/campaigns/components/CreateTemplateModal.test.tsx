import type { CampaignTemplate, CampaignTemplateInput } from '@crm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { CreateTemplateModal } from '@/modules/campaigns/components/CreateTemplateModal';
import { template } from '@/test/campaigns';
import { callsTo, jsonBody, jsonResponse, stubFetch, type FetchHandler } from '@/test/fetch';
import { renderRoutes, SLOW_TEST_TIMEOUT } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';
import { emptyRangeLayoutForTheEditor } from '@/test/editor';

const CREATE = 'POST /api/campaigns/templates';

const REQUIRED_MESSAGES = [
  'Template name is required',
  'Template type is required',
  'Template description is required',
  'Template subject is required',
  'Template content is required',
];

function renderModal(handlers: Record<string, FetchHandler> = {}) {
  const fetchMock = stubFetch(handlers);
  const onClose = vi.fn();
  const onCreated = vi.fn<(created: CampaignTemplate) => void>();
  const rendered = renderRoutes(
    [{ path: '/', element: <CreateTemplateModal onClose={onClose} onCreated={onCreated} /> }],
    '/',
  );
  return { ...rendered, fetchMock, onClose, onCreated };
}

/** The messages under the fields, in the form's order. */
const fieldErrors = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent);

/** Types in the rich-text editor: focused as a click would (jsdom can't place a caret from coordinates). */
async function typeContent(user: UserEvent, dialog: HTMLElement, label: string, text: string) {
  const editor = await within(dialog).findByRole('textbox', { name: label });
  act(() => {
    editor.focus();
  });
  await user.keyboard(text);
}

async function chooseType(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByLabelText(label));
  const choice = (await screen.findAllByTitle(option)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  );
  if (choice === undefined) throw new Error(`No option ${option}`);
  await user.click(choice);
}

emptyRangeLayoutForTheEditor();
signedInAsRepInEnglish();

describe('CreateTemplateModal', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('names every missing field with the spec’s messages, sends nothing, and closes on Cancel', async () => {
    const { user, fetchMock, onClose, onCreated } = renderModal();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New template')).toBeInTheDocument();
    await within(dialog).findByRole('textbox', { name: 'Content' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fieldErrors(dialog)).toEqual(REQUIRED_MESSAGES));
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('keeps what was typed when a field is missing, and counts blanks as missing', async () => {
    const { user, fetchMock } = renderModal();
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('template-name'), '   ');
    await user.type(within(dialog).getByTestId('template-description'), 'Les nouvelles du trimestre');
    await user.type(within(dialog).getByTestId('template-subject'), 'Point trimestriel');
    await typeContent(user, dialog, 'Content', 'Bonjour');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(fieldErrors(dialog)).toEqual(['Template name is required', 'Template type is required']),
    );
    expect(within(dialog).getByTestId('template-description')).toHaveValue('Les nouvelles du trimestre');
    expect(within(dialog).getByTestId('template-subject')).toHaveValue('Point trimestriel');
    expect(within(dialog).getByRole('textbox', { name: 'Content' })).toHaveTextContent('Bonjour');
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
  });

  it('says why the template was refused and keeps the form, then creates it and hands it over', async () => {
    let attempts = 0;
    const { user, fetchMock, onCreated } = renderModal({
      [CREATE]: (init) => {
        attempts += 1;
        if (attempts === 1) {
          return jsonResponse({ message: 'Too many templates', code: 'VALIDATION_ERROR' }, 400);
        }
        const input = jsonBody(init) as CampaignTemplateInput;
        return jsonResponse(
          template({ ...input, id: 'c1', createdAt: '2026-11-20T09:30:00.000Z', isBuiltIn: false }),
          201,
        );
      },
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('template-name'), 'Point trimestriel');
    await chooseType(user, dialog, 'Type', 'General');
    await user.type(within(dialog).getByTestId('template-description'), 'Les nouvelles du trimestre');
    // '{{' is how user-event types one '{'.
    await user.type(within(dialog).getByTestId('template-subject'), 'Les nouvelles, {{{{doctorName}}');
    await typeContent(user, dialog, 'Content', 'Bonjour {{{{doctorName}}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create template');
    expect(alert).toHaveTextContent('Too many templates');
    expect(within(dialog).getByTestId('template-name')).toHaveValue('Point trimestriel');
    expect(onCreated).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Template created successfully')).toBeInTheDocument();
    const [, second] = callsTo(fetchMock, CREATE);
    expect(jsonBody(second?.[1])).toEqual({
      name: 'Point trimestriel',
      type: 'general',
      description: 'Les nouvelles du trimestre',
      subject: 'Les nouvelles, {{doctorName}}',
      content: expect.stringContaining('<p>Bonjour {{doctorName}}</p>') as unknown,
    });
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1', name: 'Point trimestriel' }));
  });

  it('speaks French: the title, the spec’s messages and the success', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderModal({
      [CREATE]: () => jsonResponse(template({ id: 'c1', name: 'Vœux', type: 'event', isBuiltIn: false }), 201),
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Nouveau modèle')).toBeInTheDocument();
    await within(dialog).findByRole('textbox', { name: 'Contenu' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    await waitFor(() =>
      expect(fieldErrors(dialog)).toEqual([
        'Le nom du modèle est obligatoire',
        'Le type du modèle est obligatoire',
        'La description du modèle est obligatoire',
        "L'objet du modèle est obligatoire",
        'Le contenu du modèle est obligatoire',
      ]),
    );

    await user.type(within(dialog).getByTestId('template-name'), 'Vœux');
    await chooseType(user, dialog, 'Type', 'Événement');
    await user.type(within(dialog).getByTestId('template-description'), 'Les vœux de fin d’année');
    await user.type(within(dialog).getByTestId('template-subject'), 'Meilleurs vœux');
    await typeContent(user, dialog, 'Contenu', 'Bonne année');
    await user.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Modèle créé avec succès')).toBeInTheDocument();
  });
});

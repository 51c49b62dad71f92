import { DoctorInput, SPECIALTIES } from '@crm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { InlineEditField, type FieldSchema } from '@/ui/InlineEditField';

type HarnessProps<T> = {
  initial: string | null;
  schema: FieldSchema<T>;
  onSave: (value: T) => Promise<unknown>;
  canEdit?: boolean;
  isRequired?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  failureMessage?: (serverMessage: string) => string;
};

/** Holds the value like the page's query cache would: the saved value comes back as the new value. */
function Harness<T>({
  initial,
  schema,
  onSave,
  canEdit = true,
  isRequired = false,
  options,
  failureMessage,
}: HarnessProps<T>) {
  const [value, setValue] = useState(initial);
  return (
    <InlineEditField
      name="field"
      label="Last name"
      value={value}
      canEdit={canEdit}
      schema={schema}
      isRequired={isRequired}
      options={options}
      failureMessage={failureMessage}
      onSave={async (saved) => {
        await onSave(saved);
        setValue(saved === null ? null : String(saved));
      }}
    />
  );
}

function renderField<T>(props: HarnessProps<T>) {
  return renderRoutes([{ path: '/', element: <Harness {...props} /> }], '/');
}

const field = () => screen.getByTestId('inline-edit-field');

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('InlineEditField', () => {
  it('goes display → editing → saving → display and says Saved successfully', async () => {
    let finishSave: () => void = () => undefined;
    const onSave = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishSave = resolve;
        }),
    );
    const { user } = renderField({ initial: 'Martin', schema: DoctorInput.shape.lastName, onSave, isRequired: true });

    expect(field()).toHaveAttribute('data-state', 'display');
    expect(field()).toHaveTextContent('Martin');
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));

    expect(field()).toHaveAttribute('data-state', 'editing');
    const input = screen.getByRole('textbox', { name: 'Last name' });
    expect(input).toHaveValue('Martin');
    await user.clear(input);
    await user.type(input, '  Durand {Enter}');

    expect(field()).toHaveAttribute('data-state', 'saving');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toBeDisabled();
    // The schema's normalised value is what is saved.
    expect(onSave).toHaveBeenCalledWith('Durand');

    finishSave();
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(field()).toHaveAttribute('data-state', 'display');
    expect(field()).toHaveTextContent('Durand');
  });

  it('cancels with Escape without saving', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderField({ initial: 'Martin', schema: DoctorInput.shape.lastName, onSave });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    const input = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(input);
    await user.type(input, 'Changed');
    await user.keyboard('{Escape}');

    expect(field()).toHaveAttribute('data-state', 'display');
    expect(field()).toHaveTextContent('Martin');
    expect(onSave).not.toHaveBeenCalled();

    // Editing again starts from the stored value, not the abandoned draft.
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('Martin');
  });

  it('says This field is required for an empty required field, without saving', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderField({ initial: 'Martin', schema: DoctorInput.shape.lastName, onSave, isRequired: true });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(within(field()).getByRole('alert')).toHaveTextContent('This field is required');
    expect(field()).toHaveAttribute('data-state', 'editing');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the shared schema's message (RPPS format)", async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderField({ initial: '10001234567', schema: DoctorInput.shape.rpps, onSave, isRequired: true });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    const input = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(input);
    await user.type(input, '12AB{Enter}');
    expect(within(field()).getByRole('alert')).toHaveTextContent('RPPS must be a numeric value up to 12 digits!');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says Failed to save and keeps what was typed, with the server message, when the save fails', async () => {
    const onSave = vi.fn(() => Promise.reject(new ApiError(409, 'A doctor with this RPPS already exists', 'CONFLICT')));
    const { user } = renderField({ initial: '10001234567', schema: DoctorInput.shape.rpps, onSave, isRequired: true });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    const input = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(input);
    await user.type(input, '10009999999{Enter}');

    expect(await screen.findByText('Failed to save')).toBeInTheDocument();
    expect(field()).toHaveAttribute('data-state', 'editing');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('10009999999');
    expect(within(field()).getByRole('alert')).toHaveTextContent('A doctor with this RPPS already exists');
  });

  it("says the caller's failure text with the server's message, and 'Unknown error' when there is none", async () => {
    const onSave = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(400, 'RPPS must be a numeric value up to 12 digits!', 'VALIDATION'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderField({
      initial: '10001234567',
      schema: DoctorInput.shape.rpps,
      onSave,
      isRequired: true,
      failureMessage: (message) => i18n.t('doctors.messages.updateFailed', { message }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    const input = screen.getByRole('textbox', { name: 'Last name' });
    await user.clear(input);
    await user.type(input, '10009999999{Enter}');

    expect(
      await screen.findByText('Failed to update doctor: RPPS must be a numeric value up to 12 digits!'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to save')).not.toBeInTheDocument();
    expect(field()).toHaveAttribute('data-state', 'editing');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update doctor: Unknown error')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue('10009999999');
  });

  it('does not call the server when nothing changed', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderField({ initial: 'Martin', schema: DoctorInput.shape.lastName, onSave });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), ' {Enter}');
    expect(field()).toHaveAttribute('data-state', 'display');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves an emptied optional field as null', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { user } = renderField({ initial: 'jean@exemple.fr', schema: DoctorInput.shape.email, onSave });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    await user.clear(screen.getByRole('textbox', { name: 'Last name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith(null);
    });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(field()).toHaveTextContent('—');
  });

  it('is read-only without the right to edit', () => {
    renderField({ initial: 'Martin', schema: DoctorInput.shape.lastName, onSave: vi.fn(), canEdit: false });
    expect(field()).toHaveTextContent('Martin');
    expect(within(field()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('saves a choice at once in a select field, and Escape cancels it', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const options = SPECIALTIES.map((value) => ({ value, label: value }));
    const { user } = renderField({
      initial: 'Cardiology',
      schema: DoctorInput.shape.primarySpecialty,
      onSave,
      isRequired: true,
      options,
    });
    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Last name' }), { key: 'Escape' });
    expect(field()).toHaveAttribute('data-state', 'display');

    await user.click(screen.getByRole('button', { name: 'Edit Last name' }));
    await user.click(await screen.findByTitle('Neurology'));
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith('Neurology');
    });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(field()).toHaveTextContent('Neurology');
  });
});

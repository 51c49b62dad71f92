import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Input, Select, Typography } from 'antd';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { translateKey } from '@/lib/i18n';
import { SEARCH_BY_LABEL } from '@/ui/search-by-label';

/**
 * What the field needs of a shared zod schema: it validates and normalises what was typed (trimmed,
 * empty → null) and its messages are catalogue keys. Typed structurally: the web app imports no zod.
 */
export type FieldSchema<T> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
};

export type InlineEditOption = { value: string; label: ReactNode };

/** Spec 000 §4, 'Inline edit field': display → editing → saving → display. */
export type InlineEditMode = 'display' | 'editing' | 'saving';

export type InlineEditFieldProps<T> = {
  /** Names the field for tests and e2e: data-testid="inline-edit-<name>". */
  name: string;
  /** The field's label, also the accessible name of its input. */
  label: string;
  value: string | null;
  /** Without it (no readWrite) the field is read-only. */
  canEdit: boolean;
  /** Receives the schema's output; rejects when the server refuses. */
  onSave: (value: T) => Promise<unknown>;
  /**
   * The failure message for the record being edited, given the server's message ('Failed to update doctor:
   * …', spec 000 §8); without it, 'Failed to save' (spec 000 §4).
   */
  failureMessage?: (serverMessage: string) => string;
  schema: FieldSchema<T>;
  /** Says 'This field is required' for an empty value, whatever the schema says. */
  isRequired?: boolean;
  /** A choice among options instead of free text; choosing saves at once. */
  options?: readonly InlineEditOption[];
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  renderValue?: (value: string) => ReactNode;
};

const EMPTY = '—';
/** Longer lists get a search box: the directory's specialties, not the three genders. */
const SEARCHABLE_FROM = 8;

export function InlineEditField<T>({
  name,
  label,
  value,
  canEdit,
  onSave,
  failureMessage,
  schema,
  isRequired = false,
  options,
  inputMode = 'text',
  renderValue,
}: InlineEditFieldProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [mode, setMode] = useState<InlineEditMode>('display');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isSaving = mode === 'saving';

  const handleEdit = () => {
    setDraft(value ?? '');
    setError(null);
    setMode('editing');
  };

  const handleCancel = () => {
    setError(null);
    setMode('display');
  };

  const commit = async (text: string) => {
    const trimmed = text.trim();
    if (trimmed === (value ?? '')) {
      handleCancel();
      return;
    }
    if (isRequired && trimmed === '') {
      setError(t('validation.required'));
      return;
    }
    const parsed = schema.safeParse(trimmed === '' ? null : trimmed);
    if (!parsed.success) {
      setError(translateKey(parsed.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    setDraft(trimmed);
    setError(null);
    setMode('saving');
    try {
      await onSave(parsed.data);
    } catch (saveError) {
      // Back to editing with what was typed: the user's input is never lost to a failed save.
      const reason = serverMessage(saveError);
      setError(reason);
      setMode('editing');
      void message.error(failureMessage?.(reason) ?? t('common.saveFailed'));
      return;
    }
    setMode('display');
    void message.success(t('common.saved'));
  };

  const handleSave = () => {
    void commit(draft);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || mode !== 'editing') return;
    // Escape cancels the edit, and must not also close a dialog around the field.
    event.stopPropagation();
    handleCancel();
  };

  const testId = `inline-edit-${name}`;

  if (mode === 'display') {
    const shown =
      value === null || value === '' ? (
        <Typography.Text type="secondary">{EMPTY}</Typography.Text>
      ) : (
        (renderValue?.(value) ?? options?.find((option) => option.value === value)?.label ?? value)
      );
    return (
      <div className="inline-edit" data-testid={testId} data-state={mode}>
        <span className="inline-edit-value">{shown}</span>
        {canEdit && (
          <Button
            type="text"
            size="small"
            className="inline-edit-button"
            icon={<EditOutlined />}
            aria-label={t('ui.inlineEdit.edit', { label })}
            title={t('ui.inlineEdit.edit', { label })}
            onClick={handleEdit}
          />
        )}
      </div>
    );
  }

  return (
    <div className="inline-edit inline-edit-editing" data-testid={testId} data-state={mode} onKeyDown={handleKeyDown}>
      <div className="inline-edit-controls">
        {options === undefined ? (
          <Input
            autoFocus
            size="small"
            className="inline-edit-input"
            aria-label={label}
            inputMode={inputMode}
            value={draft}
            status={error === null ? undefined : 'error'}
            disabled={isSaving}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
            onPressEnter={handleSave}
          />
        ) : (
          <Select
            autoFocus
            defaultOpen
            size="small"
            className="inline-edit-input"
            aria-label={label}
            value={draft === '' ? undefined : draft}
            options={options.map((option) => ({ value: option.value, label: option.label }))}
            allowClear={!isRequired}
            showSearch={options.length > SEARCHABLE_FROM ? SEARCH_BY_LABEL : undefined}
            status={error === null ? undefined : 'error'}
            disabled={isSaving}
            onChange={(chosen: string | undefined) => {
              void commit(chosen ?? '');
            }}
          />
        )}
        {options === undefined && (
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined />}
            loading={isSaving}
            aria-label={t('ui.inlineEdit.save')}
            title={t('ui.inlineEdit.save')}
            onClick={handleSave}
          />
        )}
        <Button
          size="small"
          icon={<CloseOutlined />}
          disabled={isSaving}
          aria-label={t('common.cancel')}
          title={t('common.cancel')}
          onClick={handleCancel}
        />
      </div>
      {error !== null && (
        <Typography.Text type="danger" className="inline-edit-error" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

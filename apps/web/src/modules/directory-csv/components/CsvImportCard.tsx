import { UploadOutlined } from '@ant-design/icons';
import {
  CSV_IMPORT_MAX_BYTES,
  type CsvImportProblem,
  type CsvImportReport,
  type CsvPreviewLine,
  type DirectoryCsvKind,
} from '@crm/shared';
import { Alert, Button, Card, Radio, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useCsvImportMutation } from '@/modules/directory-csv/api';
import { LIST_TABLE_SCROLL } from '@/ui/table-scroll';
import '@/modules/directory-csv/directory-csv.css';

const ACTION_COLORS: Record<CsvPreviewLine['action'], string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'default',
};

/**
 * An administrator's import of doctors or offices from a CSV file (decision 0057): the file is read and
 * checked first, its lines shown as they would be written with what each does and every problem named by
 * row and field; nothing is written until the administrator confirms, and a file with an invalid line is
 * not written at all: fix it and choose it again.
 */
export function CsvImportCard() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DirectoryCsvKind>('doctors');
  const [file, setFile] = useState<File | null>(null);
  const preview = useCsvImportMutation(kind, 'preview');
  const confirm = useCsvImportMutation(kind, 'import');

  const choose = (next: File | null, nextKind = kind) => {
    setFile(next);
    preview.reset();
    confirm.reset();
    if (next !== null) preview.mutate(next);
    setKind(nextKind);
  };

  const report = confirm.data ?? preview.data;
  const canConfirm =
    file !== null &&
    preview.data !== undefined &&
    preview.data.invalid === 0 &&
    !confirm.isSuccess &&
    !confirm.isPending;
  const tooLarge = file !== null && file.size > CSV_IMPORT_MAX_BYTES;

  return (
    <Card title={t('directoryCsv.import.title')} className="page-card" data-testid="csv-import">
      <Typography.Paragraph type="secondary">{t('directoryCsv.import.help')}</Typography.Paragraph>
      <Space wrap size="middle">
        <Radio.Group
          optionType="button"
          value={kind}
          aria-label={t('directoryCsv.import.kind')}
          options={[
            { value: 'doctors', label: t('directoryCsv.import.kinds.doctors') },
            { value: 'offices', label: t('directoryCsv.import.kinds.offices') },
          ]}
          onChange={(event) => {
            // The same file is read again as the other kind (its columns decide what it can be).
            const nextKind = event.target.value as DirectoryCsvKind;
            setKind(nextKind);
            setFile(null);
            preview.reset();
            confirm.reset();
          }}
        />
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            choose(chosen);
            // The file is sent by the preview, not by the Upload's own request.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid="csv-file-button" loading={preview.isPending}>
            {file === null ? t('directoryCsv.import.choose') : t('directoryCsv.import.chooseAnother')}
          </Button>
        </Upload>
        {file !== null && <Typography.Text data-testid="csv-file-name">{file.name}</Typography.Text>}
      </Space>

      {tooLarge && (
        <Alert className="csv-import-alert" type="error" showIcon title={t('directoryCsv.import.tooLarge')} />
      )}
      {preview.isError && (
        <Alert
          className="csv-import-alert"
          type="error"
          showIcon
          data-testid="csv-preview-error"
          title={t('directoryCsv.import.previewFailed', { message: serverMessage(preview.error) })}
        />
      )}
      {report !== undefined && <CsvImportSummary report={report} />}
      {confirm.isError && (
        <Alert
          className="csv-import-alert"
          type="error"
          showIcon
          data-testid="csv-import-error"
          title={t('directoryCsv.import.importFailed', { message: serverMessage(confirm.error) })}
        />
      )}
      {preview.data !== undefined && !confirm.isSuccess && (
        <Space className="csv-import-actions">
          <Button
            type="primary"
            data-testid="csv-import-confirm"
            disabled={!canConfirm || preview.data.lines === 0}
            loading={confirm.isPending}
            onClick={() => {
              if (file !== null) confirm.mutate(file);
            }}
          >
            {t('directoryCsv.import.confirm', {
              count: preview.data.created + preview.data.updated,
            })}
          </Button>
          <Button onClick={() => choose(null)}>{t('common.cancel')}</Button>
        </Space>
      )}
    </Card>
  );
}

/** The counts, the first lines as they would be written, and the problems of a previewed or imported file. */
function CsvImportSummary({ report }: { report: CsvImportReport }) {
  const { t } = useTranslation();
  const label = (field: string | null) =>
    field === null ? t('directoryCsv.import.wholeLine') : t(`directoryCsv.columns.${report.kind}.${field}` as never);

  const previewColumns: TableColumnsType<CsvPreviewLine> = [
    { key: 'line', title: t('directoryCsv.import.columns.line'), dataIndex: 'line', width: 80 },
    {
      key: 'action',
      title: t('directoryCsv.import.columns.action'),
      render: (_value, line) => (
        <Tag color={ACTION_COLORS[line.action]}>{t(`directoryCsv.import.actions.${line.action}`)}</Tag>
      ),
    },
    ...report.columns.map((field) => ({
      key: field,
      title: label(field),
      render: (_value: unknown, line: CsvPreviewLine) => line.values[field] ?? '—',
    })),
  ];
  const problemColumns: TableColumnsType<CsvImportProblem> = [
    { key: 'line', title: t('directoryCsv.import.columns.line'), dataIndex: 'line', width: 80 },
    { key: 'field', title: t('directoryCsv.import.columns.field'), render: (_value, problem) => label(problem.field) },
    { key: 'message', title: t('directoryCsv.import.columns.problem'), dataIndex: 'message' },
  ];

  return (
    <div className="csv-import-report" data-testid="csv-import-report">
      {report.written ? (
        <Alert
          type="success"
          showIcon
          data-testid="csv-import-done"
          title={t('directoryCsv.import.done', {
            created: report.created,
            updated: report.updated,
            unchanged: report.unchanged,
          })}
        />
      ) : (
        <Space wrap data-testid="csv-import-counts">
          <Tag>{t('directoryCsv.import.counts.lines', { count: report.lines })}</Tag>
          <Tag color="green">{t('directoryCsv.import.counts.created', { count: report.created })}</Tag>
          <Tag color="blue">{t('directoryCsv.import.counts.updated', { count: report.updated })}</Tag>
          <Tag>{t('directoryCsv.import.counts.unchanged', { count: report.unchanged })}</Tag>
          <Tag color={report.invalid > 0 ? 'red' : 'default'}>
            {t('directoryCsv.import.counts.invalid', { count: report.invalid })}
          </Tag>
        </Space>
      )}
      {report.ignoredColumns.length > 0 && (
        <Typography.Paragraph type="secondary" className="csv-import-ignored">
          {t('directoryCsv.import.ignored', { columns: report.ignoredColumns.join(', ') })}
        </Typography.Paragraph>
      )}
      {report.invalid > 0 && !report.written && (
        <>
          <Alert type="warning" showIcon title={t('directoryCsv.import.fixFirst', { count: report.invalid })} />
          <Table<CsvImportProblem>
            scroll={LIST_TABLE_SCROLL}
            data-testid="csv-import-problems"
            size="small"
            rowKey={(problem) => `${problem.line}-${problem.field ?? ''}-${problem.code}`}
            columns={problemColumns}
            dataSource={report.problems}
            pagination={report.problems.length > 10 ? { pageSize: 10 } : false}
            footer={report.problemsTruncated ? () => t('directoryCsv.import.moreProblems') : undefined}
          />
        </>
      )}
      {!report.written && report.preview.length > 0 && (
        <>
          <Typography.Title level={3} className="csv-import-subtitle">
            {t('directoryCsv.import.previewTitle', { count: report.preview.length })}
          </Typography.Title>
          <Table<CsvPreviewLine>
            scroll={LIST_TABLE_SCROLL}
            data-testid="csv-import-preview"
            size="small"
            rowKey="line"
            columns={previewColumns}
            dataSource={report.preview}
            pagination={false}
          />
        </>
      )}
    </div>
  );
}

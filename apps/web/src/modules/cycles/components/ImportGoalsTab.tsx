import { ImportOutlined } from '@ant-design/icons';
import { PlanImportInput, type Cycle, type PlanImportRejection, type PlanImportResult } from '@crm/shared';
import { Alert, Button, Card, Form, Input, Space, Table, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { i18n, translateKey } from '@/lib/i18n';
import { useImportGoalsMutation } from '@/modules/cycles/api';
import { readCsvFile } from '@/modules/cycles/utils/read-csv';
import { useIsPhone } from '@/ui/phone-layout';
import { listTableLayout } from '@/ui/table-list';

/** The header a goals file starts with (decision 0058); `,` is read too. */
const HEADER = 'email;rpps;channel;goal;cap';

/** A rejected line's reason in the user's language: the catalogue's, else as the server worded it. */
const reasonOf = (rejection: PlanImportRejection) =>
  i18n.exists(rejection.error) ? translateKey(rejection.error) : rejection.message;

/**
 * Goals from a CSV (POST …/plans/import): the file chosen or the lines pasted are checked first, each rejected
 * line reported with its number and reason; nothing is written until the administrator confirms, and then only
 * the valid lines.
 */
export function ImportGoalsTab({ cycle, isClosed }: { cycle: Cycle; isClosed: boolean }) {
  const { t } = useTranslation();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const preview = useImportGoalsMutation(cycle.id);
  const confirm = useImportGoalsMutation(cycle.id);
  const sizeFault = csv === '' ? null : (PlanImportInput.shape.csv.safeParse(csv).error?.issues[0]?.message ?? null);

  const change = (text: string, name: string | null, check: boolean) => {
    setCsv(text);
    setFileName(name);
    preview.reset();
    confirm.reset();
    if (check && text.trim() !== '' && PlanImportInput.shape.csv.safeParse(text).success) {
      preview.mutate({ csv: text, confirm: false });
    }
  };

  // A header the server could not read is the input's fault, said under it; anything else above the report.
  const inputFault =
    sizeFault === null
      ? isApiError(preview.error) && preview.error.fields?.csv !== undefined
        ? preview.error.fields.csv
        : null
      : translateKey(sizeFault);
  const report = confirm.data ?? preview.data;
  const canConfirm =
    !isClosed && preview.data !== undefined && preview.data.accepted > 0 && !confirm.isSuccess && !confirm.isPending;

  return (
    <Card className="page-card" data-testid="import-goals">
      <Typography.Paragraph className="list-muted">
        {t('plans.admin.import.help', { header: HEADER })}
      </Typography.Paragraph>
      <Typography.Paragraph className="list-muted">
        {t('plans.admin.import.channels', { channels: cycle.channels.map((channel) => channel.name).join(', ') })}
      </Typography.Paragraph>
      <Form layout="vertical" component="div" disabled={isClosed}>
        <Space wrap className="import-source">
          <Upload
            accept=".csv,text/csv,text/plain"
            maxCount={1}
            showUploadList={false}
            disabled={isClosed}
            beforeUpload={(file) => {
              void readCsvFile(file).then((text) => {
                change(text, file.name, true);
              });
              // The text is sent by the preview, not by the Upload's own request.
              return false;
            }}
          >
            <Button
              icon={<ImportOutlined />}
              data-testid="import-file"
              loading={preview.isPending && fileName !== null}
            >
              {t('plans.admin.import.choose')}
            </Button>
          </Upload>
          {fileName !== null && (
            <>
              <Typography.Text data-testid="import-file-name">{fileName}</Typography.Text>
              <Button
                onClick={() => {
                  change('', null, false);
                }}
              >
                {t('plans.admin.import.clear')}
              </Button>
            </>
          )}
        </Space>
        {fileName === null && (
          <Form.Item
            label={t('plans.admin.import.paste')}
            htmlFor="import-csv"
            validateStatus={inputFault === null ? undefined : 'error'}
            help={inputFault ?? undefined}
          >
            <Input.TextArea
              id="import-csv"
              rows={6}
              value={csv}
              placeholder={`${HEADER}\n${t('plans.admin.import.example', { channel: cycle.channels[0]?.name ?? '' })}`}
              spellCheck={false}
              className="import-textarea"
              data-testid="import-csv"
              onChange={(event) => {
                change(event.target.value, null, false);
              }}
            />
          </Form.Item>
        )}
        {fileName !== null && inputFault !== null && (
          <Alert
            type="error"
            showIcon
            className="cycle-form-alert"
            title={inputFault}
            data-testid="import-file-fault"
          />
        )}
        {fileName === null && (
          <Button
            data-testid="import-preview"
            disabled={csv.trim() === '' || sizeFault !== null}
            loading={preview.isPending}
            onClick={() => {
              confirm.reset();
              preview.mutate({ csv, confirm: false });
            }}
          >
            {t('plans.admin.import.check')}
          </Button>
        )}
      </Form>

      {preview.isError && inputFault === null && (
        <Alert
          type="error"
          showIcon
          className="cycle-result"
          data-testid="import-preview-error"
          title={t('plans.admin.import.previewFailed', { message: serverMessage(preview.error) })}
        />
      )}
      {report !== undefined && <ImportReport report={report} />}
      {confirm.isError && (
        <Alert
          type="error"
          showIcon
          className="cycle-result"
          data-testid="import-error"
          title={t('plans.admin.import.importFailed', { message: serverMessage(confirm.error) })}
        />
      )}
      {preview.data !== undefined && !confirm.isSuccess && (
        <Space wrap className="cycle-result">
          <Button
            type="primary"
            data-testid="import-confirm"
            disabled={!canConfirm}
            loading={confirm.isPending}
            onClick={() => {
              confirm.mutate({ csv, confirm: true });
            }}
          >
            {t('plans.admin.import.confirm', { count: preview.data.accepted })}
          </Button>
          <Button
            onClick={() => {
              change('', null, false);
            }}
          >
            {t('common.cancel')}
          </Button>
        </Space>
      )}
    </Card>
  );
}

function ImportReport({ report }: { report: PlanImportResult }) {
  const { t } = useTranslation();
  const isCompact = useIsPhone();
  // A phone: one cell per line, its number and reason, then its text; nothing to scroll sideways.
  const compactColumns: TableColumnsType<PlanImportRejection> = [
    {
      key: 'rejection',
      render: (_value, rejection) => (
        <div className="compact-row">
          <span className="list-strong">
            {t('plans.admin.import.lineReason', { line: rejection.line, reason: reasonOf(rejection) })}
          </span>
          <code className="import-line-text list-muted">{rejection.text}</code>
        </div>
      ),
    },
  ];
  const columns: TableColumnsType<PlanImportRejection> = [
    { key: 'line', title: t('plans.admin.import.columns.line'), dataIndex: 'line', width: 80 },
    {
      key: 'text',
      title: t('plans.admin.import.columns.text'),
      render: (_value, rejection) => <code className="import-line-text">{rejection.text}</code>,
    },
    {
      key: 'reason',
      title: t('plans.admin.import.columns.reason'),
      render: (_value, rejection) => reasonOf(rejection),
    },
  ];
  const unlisted = report.rejected - report.rejections.length;
  return (
    <div className="cycle-result import-report" data-testid="import-report">
      {report.confirmed ? (
        <Alert
          type="success"
          showIcon
          data-testid="import-done"
          title={t('plans.admin.import.done', { count: report.accepted, plans: report.plans })}
        />
      ) : (
        <Space wrap data-testid="import-counts">
          <Tag>{t('plans.admin.import.counts.lines', { count: report.lines })}</Tag>
          <Tag color="green">{t('plans.admin.import.counts.accepted', { count: report.accepted })}</Tag>
          <Tag color={report.rejected > 0 ? 'red' : 'default'}>
            {t('plans.admin.import.counts.rejected', { count: report.rejected })}
          </Tag>
          <Tag>{t('plans.admin.import.counts.plans', { count: report.plans })}</Tag>
          <Tag>{t('plans.admin.import.counts.targets', { count: report.targets })}</Tag>
        </Space>
      )}
      {report.rejected > 0 && (
        <>
          {!report.confirmed && (
            <Alert type="warning" showIcon title={t('plans.admin.import.skipped', { count: report.rejected })} />
          )}
          <Table<PlanImportRejection>
            {...listTableLayout<PlanImportRejection>(isCompact)}
            size="small"
            rowKey="line"
            data-testid="import-rejections"
            columns={isCompact ? compactColumns : columns}
            dataSource={report.rejections}
            pagination={report.rejections.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            footer={unlisted > 0 ? () => t('plans.admin.import.unlisted', { count: unlisted }) : undefined}
          />
        </>
      )}
    </div>
  );
}

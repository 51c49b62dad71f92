import { DownloadOutlined } from '@ant-design/icons';
import { SEMESTER_PATTERN, type DeclarationLine, type SemesterOverview } from '@crm/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Select, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format';
import { serverMessage } from '@/lib/errors';
import { transparencyQueries, useDownloadDeclarationMutation } from '@/modules/transparency/api';
import { ConventionStatusTag } from '@/modules/transparency/components/ConventionStatusTag';
import { conventionObjectLabel } from '@/modules/transparency/utils/labels';
import { localToday, recentSemesters, semesterLabel } from '@/modules/transparency/utils/semesters';
import { useIsPhone } from '@/ui/phone-layout';
import { PageHeader } from '@/ui/PageHeader';
import { listTableLayout } from '@/ui/table-list';
import '@/modules/transparency/transparency.css';
import '@/ui/list-rows.css';

const LINE_STATUS_COLORS: Record<DeclarationLine['status'], string> = {
  new: 'blue',
  exported: 'default',
  changed: 'orange',
};

type WaitingConvention = SemesterOverview['waitingConventions'][number];

/**
 * /transparency, for administrators (issue 31): a semester's declaration lines and where each stands (never
 * exported, exported, changed since: a correction next time), the conventions still to file or waiting for their
 * authorisation, their deadlines (those past in red), and the semester's file. The semester lives in the address.
 */
export function TransparencyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const isCompact = useIsPhone();
  const [params, setParams] = useSearchParams();
  const today = localToday();
  const semesters = recentSemesters(today);
  const asked = params.get('semester');
  const semester = asked !== null && SEMESTER_PATTERN.test(asked) ? asked : (semesters[0] ?? '');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const overview = useQuery({ ...transparencyQueries.semester(semester, page), placeholderData: keepPreviousData });
  const download = useDownloadDeclarationMutation();

  const choose = (next: { semester?: string; page?: number }) => {
    const values = { semester: next.semester ?? semester, page: String(next.page ?? 1) };
    setParams(values.page === '1' ? { semester: values.semester } : values, { replace: true });
  };

  const handleDownload = async () => {
    try {
      await download.mutateAsync(semester);
    } catch (error) {
      void message.error(t('transparency.admin.downloadFailed', { message: serverMessage(error) }));
    }
  };

  const lineColumns: TableColumnsType<DeclarationLine> = isCompact
    ? [
        {
          key: 'line',
          render: (_value, line) => (
            <div className="compact-row">
              <div className="compact-row-line">
                <span className="compact-row-text list-strong">{line.doctor.name}</span>
                <span className="compact-row-aside">{t('transparency.admin.euros', { amount: line.amountEuros })}</span>
              </div>
              <div className="compact-row-line list-muted">
                <span className="compact-row-text">
                  {[t(`transparency.admin.kinds.${line.kind}`), line.nature, formatDate(line.date)].join(' · ')}
                </span>
                <LineStatus line={line} />
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'doctor',
          title: t('transparency.admin.columns.doctor'),
          render: (_value, line) => (
            <>
              <Link to={`/doctors/${encodeURIComponent(line.doctor.id)}?tab=transparency`}>{line.doctor.name}</Link>
              <div className="list-muted">{line.doctor.rpps ?? t('transparency.admin.noRpps')}</div>
            </>
          ),
        },
        {
          key: 'kind',
          title: t('transparency.admin.columns.kind'),
          render: (_value, line) => t(`transparency.admin.kinds.${line.kind}`),
        },
        { key: 'nature', title: t('transparency.admin.columns.nature'), dataIndex: 'nature' },
        { key: 'date', title: t('transparency.admin.columns.date'), render: (_value, line) => formatDate(line.date) },
        {
          key: 'amount',
          title: t('transparency.admin.columns.amount'),
          align: 'right',
          render: (_value, line) => t('transparency.admin.euros', { amount: line.amountEuros }),
        },
        {
          key: 'status',
          title: t('transparency.admin.columns.status'),
          render: (_v, line) => <LineStatus line={line} />,
        },
      ];

  // Late only while still to file: a filed convention waits for the authority, not for the lab.
  const isOverdue = (convention: WaitingConvention) =>
    convention.status === 'draft' && convention.filingDeadline < today;
  const deadlineText = (convention: WaitingConvention) =>
    isOverdue(convention) ? (
      <span className="transparency-overdue" data-testid="convention-overdue">
        {t('transparency.admin.overdue', { date: formatDate(convention.filingDeadline) })}
      </span>
    ) : (
      formatDate(convention.filingDeadline)
    );
  const waitingColumns: TableColumnsType<WaitingConvention> = isCompact
    ? [
        {
          key: 'convention',
          render: (_value, convention) => (
            <div className="compact-row">
              <div className="compact-row-line">
                <Link
                  className="compact-row-text list-strong"
                  to={`/doctors/${encodeURIComponent(convention.doctorId)}?tab=transparency`}
                >
                  {convention.doctorName}
                </Link>
                <ConventionStatusTag status={convention.status} />
              </div>
              <div className="compact-row-line list-muted">
                <span className="compact-row-text">
                  {conventionObjectLabel(convention)} · {t(`transparency.regimes.${convention.regime}`)}
                </span>
              </div>
              <div className="compact-row-line list-muted">
                <span className="compact-row-text">
                  {isOverdue(convention)
                    ? deadlineText(convention)
                    : `${t('transparency.fields.filingDeadline')} ${formatDate(convention.filingDeadline)}`}
                </span>
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'doctor',
          title: t('transparency.admin.columns.doctor'),
          render: (_value, convention) => (
            <Link to={`/doctors/${encodeURIComponent(convention.doctorId)}?tab=transparency`}>
              {convention.doctorName}
            </Link>
          ),
        },
        {
          key: 'object',
          title: t('transparency.fields.object'),
          render: (_value, convention) => conventionObjectLabel(convention),
        },
        {
          key: 'regime',
          title: t('transparency.fields.regime'),
          render: (_value, convention) => t(`transparency.regimes.${convention.regime}`),
        },
        {
          key: 'deadline',
          title: t('transparency.fields.filingDeadline'),
          render: (_value, convention) => deadlineText(convention),
        },
        {
          key: 'status',
          title: t('transparency.fields.status'),
          render: (_value, convention) => <ConventionStatusTag status={convention.status} />,
        },
      ];

  let content;
  if (overview.isPending) content = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (overview.isError) {
    content = (
      <Alert
        type="error"
        showIcon
        title={t('transparency.admin.loadFailed', { message: serverMessage(overview.error) })}
        action={
          <Button size="small" onClick={() => void overview.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else {
    const data = overview.data;
    content = (
      <>
        <Card
          className="page-card transparency-wrapping-title"
          title={t('transparency.admin.waitingTitle')}
          data-testid="waiting-conventions"
        >
          <Table<WaitingConvention>
            rowKey="id"
            columns={waitingColumns}
            dataSource={data.waitingConventions}
            pagination={false}
            size="small"
            {...(isCompact ? listTableLayout<WaitingConvention>(true) : { scroll: { x: 640 } })}
            locale={{ emptyText: t('transparency.admin.waitingEmpty') }}
            rowClassName={(convention) => (isOverdue(convention) ? 'transparency-overdue-row' : '')}
          />
        </Card>
        <Card
          className="page-card"
          title={t('transparency.admin.linesTitle', { count: data.total })}
          data-testid="declaration-lines"
        >
          <Table<DeclarationLine>
            rowKey="id"
            columns={lineColumns}
            dataSource={data.lines}
            {...listTableLayout<DeclarationLine>(isCompact)}
            locale={{ emptyText: t('transparency.admin.linesEmpty') }}
            pagination={{
              current: data.page,
              pageSize: data.limit,
              total: data.total,
              showSizeChanger: false,
              onChange: (next) => {
                choose({ page: next });
              },
            }}
          />
        </Card>
        {data.exports.length > 0 && (
          <Card className="page-card" title={t('transparency.admin.exportsTitle')} data-testid="semester-exports">
            <ul className="list-plain">
              {data.exports.map((entry) => (
                <li key={entry.id}>
                  {t('transparency.admin.exportLine', {
                    at: formatDateTime(entry.exportedAt),
                    name: entry.exportedBy.name,
                    lines: entry.newLines + entry.corrections,
                    corrections: entry.corrections,
                  })}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </>
    );
  }

  return (
    <div className="page" data-testid="transparency-page">
      <PageHeader
        title={t('transparency.admin.title')}
        subtitle={t('transparency.admin.subtitle')}
        actions={
          <>
            <Select
              value={semester}
              onChange={(next) => {
                choose({ semester: next });
              }}
              aria-label={t('transparency.admin.semester')}
              options={semesters.map((value) => ({ value, label: semesterLabel(value) }))}
              className="semester-select"
              data-testid="semester-select"
            />
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={download.isPending}
              onClick={() => void handleDownload()}
              data-testid="declaration-download"
            >
              {t('transparency.admin.download')}
            </Button>
          </>
        }
      />
      <Alert type="info" showIcon className="transparency-alert" title={t('transparency.admin.notice')} />
      {content}
    </div>
  );
}

function LineStatus({ line }: { line: DeclarationLine }) {
  const { t } = useTranslation();
  return (
    <Tag color={LINE_STATUS_COLORS[line.status]} data-testid="line-status">
      {t(`transparency.admin.lineStatuses.${line.status}`)}
    </Tag>
  );
}

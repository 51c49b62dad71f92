import { screen } from '@testing-library/react';
import { Table, type TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { DoctorPlanTag, useWithPlanCounts } from '@/modules/cycles/components/plan-counts';
import { CYCLE, DOCTOR_ID, MARTIN, OTHER_DOCTOR_ID } from '@/modules/cycles/test/plans';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { SLOW_TEST_TIMEOUT, renderRoutes } from '@/test/render';
import { emulatePhoneScreen } from '@/test/screen-width';
import { signedInAsRepInEnglish } from '@/test/signed-in';

type Row = { id: string; name: string };
const ROWS: Row[] = [
  { id: DOCTOR_ID, name: 'Jean Martin' },
  { id: OTHER_DOCTOR_ID, name: 'Claire Durand' },
];
const COUNTS_PATH = `GET /api/cycles/current/plan/targets?doctorIds=${DOCTOR_ID},${OTHER_DOCTOR_ID}`;
const COLUMNS: TableColumnsType<Row> = [{ key: 'name', title: 'Name', render: (_value, row) => row.name }];

function DoctorsTable({ isCompact }: { isCompact: boolean }) {
  const columns = useWithPlanCounts(COLUMNS, ROWS, isCompact);
  return <Table<Row> rowKey="id" columns={columns} dataSource={ROWS} pagination={false} />;
}

signedInAsRepInEnglish();

describe('the doctors\' "2 of 4 this cycle"', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it("asks once for the page's doctors and shows the targets' counts in a column", async () => {
    const fetchMock = stubFetch({
      [COUNTS_PATH]: () => jsonResponse({ cycle: CYCLE, elapsedShare: 0.5, targets: [MARTIN] }),
    });
    renderRoutes([{ path: '/', element: <DoctorsTable isCompact={false} /> }], '/');
    expect(await screen.findByTestId('doctor-plan-counts')).toHaveTextContent('Face to face 2/4 · Call 1/2');
    expect(screen.getByRole('columnheader', { name: 'This cycle' })).toBeInTheDocument();
    // The doctor who is not a target shows a dash.
    expect(screen.getByText('Claire Durand').closest('tr')).toHaveTextContent('—');
    expect(callsTo(fetchMock, COUNTS_PATH)).toHaveLength(1);
  });

  it('adds a line under the doctor on a phone, in French', async () => {
    await i18n.changeLanguage('fr');
    const restore = emulatePhoneScreen(390);
    try {
      stubFetch({ [COUNTS_PATH]: () => jsonResponse({ cycle: CYCLE, elapsedShare: 0.5, targets: [MARTIN] }) });
      renderRoutes([{ path: '/', element: <DoctorsTable isCompact /> }], '/');
      expect(await screen.findByTestId('doctor-plan-counts')).toHaveTextContent(
        'Ce cycle : Face-à-face 2/4 · Appel 1/2',
      );
    } finally {
      restore();
    }
  });

  it('adds nothing for a user without a plan, nor when the counts cannot be read', async () => {
    stubFetch({ [COUNTS_PATH]: () => jsonResponse({ cycle: null, elapsedShare: 0, targets: [] }) });
    renderRoutes([{ path: '/', element: <DoctorsTable isCompact={false} /> }], '/');
    expect(await screen.findByText('Jean Martin')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'This cycle' })).not.toBeInTheDocument();
  });

  it("shows the doctor's page a tag in the colour of the target's pace", async () => {
    stubFetch({
      [`GET /api/cycles/current/plan/targets?doctorIds=${DOCTOR_ID}`]: () =>
        jsonResponse({ cycle: CYCLE, elapsedShare: 0.5, targets: [MARTIN] }),
    });
    renderRoutes([{ path: '/', element: <DoctorPlanTag doctorId={DOCTOR_ID} /> }], '/');
    const tag = await screen.findByTestId('doctor-plan-counts');
    expect(tag).toHaveTextContent('This cycle: Face to face 2/4 · Call 1/2');
    expect(tag).toHaveClass('ant-tag-success');
  });
});

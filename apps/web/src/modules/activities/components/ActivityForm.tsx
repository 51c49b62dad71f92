import { CheckCircleOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  ACTIVITY_DURATIONS,
  activityFormLocks,
  showMarkDone,
  TIME_PICKER_STEP_MINUTES,
  type Activity,
  type Channel,
  type Doctor,
  type Product,
} from '@crm/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  TimePicker,
} from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/errors';
import { currentLanguage, translateKey } from '@/lib/i18n';
import {
  useCreateActivityMutation,
  useDeleteActivityMutation,
  useMarkActivityDoneMutation,
  useUpdateActivityMutation,
} from '@/modules/activities/api';
import { ActivityStatusTag, ApprovalTag } from '@/modules/activities/components/ActivityTags';
import { AttendeesSelect, DoctorSelect } from '@/modules/activities/components/DoctorSelect';
import { LocationFields } from '@/modules/activities/components/LocationFields';
import { useMountGuard } from '@/modules/activities/hooks/useMountGuard';
import { activityDisplayTitle, formatDuration } from '@/modules/activities/utils/activity-format';
import {
  ACTIVITY_FORM_FIELDS,
  changedFields,
  checkActivityForm,
  formFieldOf,
  type ActivityFormField,
  type ActivityFormValues,
} from '@/modules/activities/utils/activity-form-values';
import { useRecordRecentDoctorMutation } from '@/modules/doctors/api';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';
import { ColorSwatch } from '@/ui/ColorSwatch';
import { PageHeader } from '@/ui/PageHeader';
import { channelLabel } from '@/lib/channel-label';

// Creating a doctor from the form is rare: its dialog loads when first opened.
const CreateDoctorDialog = lazy(() =>
  import('@/modules/activities/components/CreateDoctorDialog').then((module) => ({
    default: module.CreateDoctorDialog,
  })),
);

export type ActivityFormProps = {
  /** The activity edited; a new one otherwise. */
  activity?: Activity;
  /** The active channels, in their order. */
  channels: readonly Channel[];
  /** The user's assigned products. */
  products: readonly Product[];
  initialValues: ActivityFormValues;
  /** After a save or a delete: back to where the user came from. */
  onDone: () => void;
};

/** A channel no longer active still shows on the activities that use it. */
function channelsWith(channels: readonly Channel[], activity: Activity | undefined): readonly Channel[] {
  if (activity === undefined || channels.some((channel) => channel.id === activity.channelId)) return channels;
  return [...channels, { ...activity.channel, description: null, active: false }];
}

/** The idempotency key of one submission: the same body sent again (a retry) keeps it. */
type Submission = { body: string; key: string };

/**
 * /activities/new and /activities/{id} (spec 001 §2, §4, §5): every field of the activity, the shared
 * validation, the approval locks, mark as done and delete. A failed save keeps everything typed.
 */
export function ActivityForm({
  activity,
  channels: activeChannels,
  products,
  initialValues,
  onDone,
}: ActivityFormProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ActivityFormValues>();
  const { isReady, swallowWhileGuarded } = useMountGuard();
  // A new activity's id is made here, once: every try of its creation names the same activity.
  const [newId] = useState(() => crypto.randomUUID());
  const submission = useRef<Submission | null>(null);
  const [isCreatingDoctor, setCreatingDoctor] = useState<boolean | null>(null);

  const create = useCreateActivityMutation();
  const update = useUpdateActivityMutation(activity?.id ?? newId);
  const markDone = useMarkActivityDoneMutation(activity?.id ?? newId);
  const remove = useDeleteActivityMutation(activity?.id ?? newId);
  const recordRecent = useRecordRecentDoctorMutation();

  const channels = channelsWith(activeChannels, activity);
  const channelId = Form.useWatch('channelId', form);
  const allDay = Form.useWatch('allDay', form) ?? false;
  const doctor = Form.useWatch('doctor', form);
  const channel = channels.find((known) => known.id === channelId) ?? null;
  const isTimeOff = channel?.isTimeOff ?? false;
  const needsBudget = channel?.needsBudgetApproval ?? false;
  const userHasProducts = products.length > 0;

  const locks =
    activity === undefined
      ? { readOnly: false, channelLocked: false, budgetLocked: false }
      : activityFormLocks(activity);
  const isSaving = create.isPending || update.isPending;

  const showErrors = (errors: Partial<Record<ActivityFormField, string>>) => {
    form.setFields(
      ACTIVITY_FORM_FIELDS.map((name) => {
        const key = errors[name];
        return { name, errors: key === undefined ? [] : [translateKey(key)] };
      }),
    );
  };

  const save = async (values: ActivityFormValues) => {
    const check = checkActivityForm(values, { channels, userHasProducts });
    if (!check.ok) {
      showErrors(check.errors);
      const first = ACTIVITY_FORM_FIELDS.find((name) => check.errors[name] !== undefined);
      if (first !== undefined) form.scrollToField(first, { block: 'center' });
      return;
    }
    showErrors({});
    try {
      if (activity === undefined) {
        const input = { ...check.input, id: newId };
        const body = JSON.stringify(input);
        const key = submission.current?.body === body ? submission.current.key : crypto.randomUUID();
        submission.current = { body, key };
        await create.mutateAsync({ input, idempotencyKey: key });
        void message.success(t('activities.form.created'));
      } else {
        const changes = changedFields(check.input, activity);
        if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
        void message.success(t('activities.form.saved'));
      }
    } catch (error) {
      if (isApiError(error) && error.fields !== undefined) {
        const errors: Partial<Record<ActivityFormField, string>> = {};
        for (const [apiField, text] of Object.entries(error.fields)) {
          const field = formFieldOf(apiField);
          if (field !== undefined) errors[field] ??= text;
        }
        // The server's messages are already translated: translateKey shows an unknown key as it is.
        showErrors(errors);
      }
      void message.error(t('activities.form.saveFailed', { message: serverMessage(error) }));
      return;
    }
    onDone();
  };

  const handleFinish = () => {
    // Spec 001 §2: nothing submits in the first 500 ms (a double click that opened the form).
    if (!isReady || isSaving || locks.readOnly) return;
    void save(form.getFieldsValue(true) as ActivityFormValues);
  };

  const handleValuesChange = (changed: Partial<ActivityFormValues>) => {
    if (!('doctor' in changed)) return;
    const picked = changed.doctor;
    if (picked) recordRecent.mutate(picked.value);
    // An office of the previous doctor is no longer the place; a typed address stays.
    if (form.getFieldValue('officeId')) {
      form.setFieldsValue({
        officeId: null,
        location: null,
        address: null,
        postal_code: null,
        city: null,
        officePhone: null,
        officeEmail: null,
      });
    }
  };

  const handleDoctorCreated = (created: Doctor) => {
    setCreatingDoctor(false);
    form.setFieldsValue({ doctor: { value: created.id, label: doctorFullName(created) } });
    handleValuesChange({ doctor: { value: created.id, label: doctorFullName(created) } });
  };

  const handleMarkDone = () => {
    modal.confirm({
      title: t('activities.form.markDoneTitle'),
      content: t('activities.form.markDoneText'),
      okText: t('activities.form.markDone'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await markDone.mutateAsync();
        } catch (error) {
          void message.error(t('activities.form.markDoneFailed', { message: serverMessage(error) }));
          return;
        }
        void message.success(t('activities.form.markedDone'));
      },
    });
  };

  const handleDelete = () => {
    modal.confirm({
      title: t('activities.form.deleteTitle'),
      content: t('activities.form.deleteText'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync();
        } catch (error) {
          void message.error(t('activities.form.deleteFailed', { message: serverMessage(error) }));
          return;
        }
        void message.success(t('activities.form.deleted'));
        onDone();
      },
    });
  };

  const productOptions = [
    ...products.map((product) => ({ value: product.id, label: product.name })),
    // A product unassigned since stays on the activities that have it.
    ...(initialValues.productIds ?? [])
      .filter((id) => !products.some((product) => product.id === id))
      .map((id) => ({ value: id, label: t('activities.form.unassignedProduct') })),
  ];

  return (
    <div className="page" onClickCapture={swallowWhileGuarded} onMouseDownCapture={swallowWhileGuarded}>
      <PageHeader
        title={activity === undefined ? t('activities.newTitle') : activityDisplayTitle(activity)}
        subtitle={activity === undefined ? t('activities.form.newSubtitle') : t('activities.detailTitle')}
        onBack={onDone}
        tags={
          activity !== undefined && (
            <span className="header-tags">
              <ActivityStatusTag status={activity.status} />
              <ApprovalTag approvalStatus={activity.approvalStatus} notes={activity.approvalNotes} />
            </span>
          )
        }
        actions={
          activity !== undefined &&
          !activity.done && (
            <>
              {showMarkDone(activity, activity.channel) && (
                <Button
                  icon={<CheckCircleOutlined />}
                  onClick={handleMarkDone}
                  loading={markDone.isPending}
                  data-testid="mark-done-button"
                >
                  {t('activities.form.markDone')}
                </Button>
              )}
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={handleDelete}
                loading={remove.isPending}
                data-testid="delete-activity-button"
              >
                {t('common.delete')}
              </Button>
            </>
          )
        }
      />
      {locks.readOnly && (
        <Alert
          type="warning"
          showIcon
          className="activity-form-alert"
          title={t('activities.form.locked')}
          description={t('activities.form.lockedText')}
          data-testid="locked-alert"
        />
      )}
      <Form<ActivityFormValues>
        form={form}
        layout="vertical"
        className="activity-form"
        initialValues={initialValues}
        disabled={locks.readOnly}
        onFinish={handleFinish}
        onValuesChange={handleValuesChange}
        data-testid="activity-form"
        data-ready={isReady}
      >
        <Card className="page-card" title={t('activities.form.sections.general')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="channelId"
                label={t('activities.fields.channelId')}
                required
                extra={locks.channelLocked ? t('activities.form.channelLockedHint') : undefined}
              >
                <Select
                  // undefined, not false: a done activity's whole form stays disabled.
                  disabled={locks.channelLocked || undefined}
                  options={channels.map((option) => ({
                    value: option.id,
                    title: option.name,
                    label: <ColorSwatch color={option.color} label={channelLabel(option.name)} />,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="title" label={t('activities.fields.title')} required={isTimeOff}>
                <Input autoComplete="off" maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="date" label={t('activities.fields.date')} required>
                <DatePicker format="L" allowClear={false} className="full-width" />
              </Form.Item>
            </Col>
            {allDay ? (
              <Col xs={24} sm={12} md={6}>
                <Form.Item name="endDate" label={t('activities.fields.endDate')}>
                  <DatePicker
                    format="L"
                    allowClear={false}
                    className="full-width"
                    disabledDate={(day) => {
                      const start = form.getFieldValue('date') as ActivityFormValues['date'];
                      return start ? day.isBefore(start, 'day') : false;
                    }}
                  />
                </Form.Item>
              </Col>
            ) : (
              <>
                <Col xs={24} sm={12} md={6}>
                  <Form.Item name="time" label={t('activities.fields.time')} required>
                    <TimePicker
                      format="HH:mm"
                      minuteStep={TIME_PICKER_STEP_MINUTES}
                      needConfirm={false}
                      allowClear={false}
                      className="full-width"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} md={6}>
                  <Form.Item name="duration" label={t('activities.fields.duration')} required>
                    <Select
                      options={ACTIVITY_DURATIONS.map((minutes) => ({
                        value: minutes,
                        label: formatDuration(minutes),
                      }))}
                    />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="allDay" label={t('activities.fields.allDay')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="productIds"
                label={t('activities.fields.productIds')}
                required={userHasProducts && !isTimeOff}
                extra={userHasProducts ? undefined : t('activities.form.noProducts')}
              >
                <Select
                  mode="multiple"
                  allowClear
                  options={productOptions}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card className="page-card" title={t('activities.form.sections.doctor')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <div className="field-with-action">
                <Form.Item name="doctor" label={t('activities.fields.doctor')}>
                  <DoctorSelect placeholder={t('activities.form.searchDoctor')} data-testid="doctor-select" />
                </Form.Item>
                <Form.Item label={<span aria-hidden="true">&nbsp;</span>} colon={false}>
                  <Button
                    icon={<UserAddOutlined />}
                    onClick={() => {
                      setCreatingDoctor(true);
                    }}
                    data-testid="create-doctor-button"
                  >
                    {t('activities.form.createDoctor')}
                  </Button>
                </Form.Item>
              </div>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="attendees" label={t('activities.fields.attendees')}>
                <AttendeesSelect placeholder={t('activities.form.searchDoctor')} data-testid="attendees-select" />
              </Form.Item>
            </Col>
          </Row>
          <LocationFields doctorId={doctor?.value} disabled={locks.readOnly} />
        </Card>

        <Card className="page-card" title={t('activities.form.sections.notes')}>
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="description" label={t('activities.fields.description')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="precallObjectives" label={t('activities.fields.precallObjectives')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="nextCallObjectives" label={t('activities.fields.nextCallObjectives')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="callNotes" label={t('activities.fields.callNotes')}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={5000} />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        {needsBudget && (
          <Card className="page-card" title={t('activities.form.sections.budget')}>
            {activity !== undefined && activity.approvalStatus !== 'none' && (
              <Alert
                className="activity-form-alert"
                showIcon
                type={APPROVAL_ALERT_TYPES[activity.approvalStatus]}
                title={<ApprovalTag approvalStatus={activity.approvalStatus} />}
                description={activity.approvalNotes ?? undefined}
                data-testid="approval-status"
              />
            )}
            <Form.Item
              name="budgetEstimate"
              label={t('activities.fields.budgetEstimate')}
              required
              extra={locks.budgetLocked ? t('activities.form.budgetLockedHint') : t('activities.form.budgetHint')}
            >
              <InputNumber<number>
                min={0}
                step={0.01}
                precision={2}
                decimalSeparator={currentLanguage() === 'fr' ? ',' : '.'}
                suffix="€"
                disabled={locks.budgetLocked || undefined}
                className="budget-input"
              />
            </Form.Item>
          </Card>
        )}

        <div className="activity-form-actions">
          {isTimeOff ? (
            <span />
          ) : (
            <Form.Item name="acknowledgeRules" valuePropName="checked">
              <Checkbox>{t('activities.fields.acknowledgeRules')}</Checkbox>
            </Form.Item>
          )}
          {!locks.readOnly && (
            <div className="form-actions">
              <Button onClick={onDone}>{t('common.cancel')}</Button>
              <Button type="primary" htmlType="submit" loading={isSaving} data-testid="save-activity">
                {activity === undefined ? t('activities.form.create') : t('activities.form.save')}
              </Button>
            </div>
          )}
        </div>
      </Form>
      {isCreatingDoctor !== null && (
        <Suspense fallback={null}>
          <CreateDoctorDialog
            open={isCreatingDoctor}
            onClose={() => {
              setCreatingDoctor(false);
            }}
            onCreated={handleDoctorCreated}
          />
        </Suspense>
      )}
    </div>
  );
}

const APPROVAL_ALERT_TYPES = {
  waiting_approval: 'warning',
  approved: 'success',
  rejected: 'error',
} as const;

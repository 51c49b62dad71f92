import { activityFormLocks, type Activity, type Channel, type Doctor, type Product } from '@crm/shared';
import { Alert, Button, Checkbox, Form } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHoldUpdateWhile } from '@/app/pwa/update-hold';
import { ActivityBudgetCard } from '@/modules/activities/components/activity-form/ActivityBudgetCard';
import { ActivityDoctorCard } from '@/modules/activities/components/activity-form/ActivityDoctorCard';
import { ActivityFormHeader } from '@/modules/activities/components/activity-form/ActivityFormHeader';
import { ActivityGeneralCard } from '@/modules/activities/components/activity-form/ActivityGeneralCard';
import { ActivityNotesCard } from '@/modules/activities/components/activity-form/ActivityNotesCard';
import { FormChannel } from '@/modules/activities/components/activity-form/FormChannel';
import { useActivitySubmit } from '@/modules/activities/hooks/useActivitySubmit';
import { useActivityViewer } from '@/modules/activities/hooks/useActivityViewer';
import { useMountGuard } from '@/modules/activities/hooks/useMountGuard';
import type { ActivityFormValues } from '@/modules/activities/utils/activity-form-values';
import { useRecordRecentDoctorMutation } from '@/modules/doctors/api';
import { doctorFullName } from '@/modules/doctors/utils/doctor-name';

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

/**
 * /activities/new and /activities/{id} (spec 001 §2, §4, §5): every field of the activity, the shared
 * validation, the approval locks, mark as done and delete. A failed save keeps everything typed. Someone
 * else's activity (the owner's manager, an admin) is shown read-only, with the manager's budget decision.
 */
export function ActivityForm({
  activity,
  channels: activeChannels,
  products,
  initialValues,
  onDone,
}: ActivityFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ActivityFormValues>();
  const { isReady, swallowWhileGuarded } = useMountGuard();
  const [isCreatingDoctor, setCreatingDoctor] = useState<boolean | null>(null);
  const [isDirty, setDirty] = useState(false);
  const recordRecent = useRecordRecentDoctorMutation();

  const channels = channelsWith(activeChannels, activity);

  const viewer = useActivityViewer(activity);
  const locks =
    activity === undefined
      ? { readOnly: false, channelLocked: false, budgetLocked: false }
      : activityFormLocks(activity);
  const isReadOnly = locks.readOnly || !viewer.isOwner;
  // A new version's reload would lose what was typed: its prompt waits until the form is saved or left.
  useHoldUpdateWhile(!isReadOnly && (isDirty || isCreatingDoctor === true), 'activity form');
  const { submit, isSaving } = useActivitySubmit({
    form,
    activity,
    channels,
    userHasProducts: products.length > 0,
    onSaved: onDone,
  });

  const handleFinish = () => {
    // Spec 001 §2: nothing submits in the first 500 ms (a double click that opened the form).
    if (!isReady || isSaving || isReadOnly) return;
    void submit(form.getFieldsValue(true) as ActivityFormValues);
  };

  const handleValuesChange = (changed: Partial<ActivityFormValues>) => {
    setDirty(true);
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

  return (
    <div className="page" onClickCapture={swallowWhileGuarded} onMouseDownCapture={swallowWhileGuarded}>
      <ActivityFormHeader activity={activity} viewer={viewer} onDone={onDone} />
      {!viewer.isOwner && (
        <Alert
          type="info"
          showIcon
          className="activity-form-alert"
          title={t('activities.form.notOwner')}
          description={
            viewer.ownerName === null
              ? t('activities.form.notOwnerText')
              : t('activities.form.notOwnerTextNamed', { name: viewer.ownerName })
          }
          data-testid="not-owner-alert"
        />
      )}
      {viewer.isOwner && locks.readOnly && (
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
        disabled={isReadOnly}
        onFinish={handleFinish}
        onValuesChange={handleValuesChange}
        data-testid="activity-form"
        data-ready={isReady}
      >
        {/* The fields a channel shows follow it in the same render: a save at any instant finds them mounted. */}
        <FormChannel channels={channels}>
          {(channel) => (
            <>
              <ActivityGeneralCard
                channels={channels}
                products={products}
                initialProductIds={initialValues.productIds ?? []}
                isChannelLocked={locks.channelLocked}
                isTimeOff={channel?.isTimeOff ?? false}
                isOwner={viewer.isOwner}
              />
              <ActivityDoctorCard
                disabled={isReadOnly}
                onCreateDoctor={() => {
                  setCreatingDoctor(true);
                }}
              />
              <ActivityNotesCard />
              {channel?.needsBudgetApproval === true && (
                <ActivityBudgetCard activity={activity} isBudgetLocked={locks.budgetLocked} isOwner={viewer.isOwner} />
              )}

              <div className="activity-form-actions">
                {channel?.isTimeOff === true ? (
                  <span />
                ) : (
                  <Form.Item name="acknowledgeRules" valuePropName="checked">
                    <Checkbox>{t('activities.fields.acknowledgeRules')}</Checkbox>
                  </Form.Item>
                )}
                {!isReadOnly && (
                  <div className="form-actions">
                    <Button onClick={onDone}>{t('common.cancel')}</Button>
                    <Button type="primary" htmlType="submit" loading={isSaving} data-testid="save-activity">
                      {activity === undefined ? t('activities.form.create') : t('activities.form.save')}
                    </Button>
                  </div>
                )}
              </div>
            </>
          )}
        </FormChannel>
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

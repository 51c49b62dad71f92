import type { Channel, ConfigurationKind, Product, Target } from '@crm/shared';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { channelLabel } from '@/lib/channel-label';
import type { ConfigurationEntry } from '@/modules/configuration/api';
import { ColorSwatch } from '@/ui/ColorSwatch';
import '@/ui/list-rows.css';

const dash = <span className="list-muted">—</span>;

function StatusTag({ active, t }: { active: boolean; t: TFunction }) {
  return (
    <span className={active ? 'status-tag status-tag-on' : 'status-tag status-tag-off'}>
      {active ? t('configuration.status.active') : t('configuration.status.inactive')}
    </span>
  );
}

function YesNo({ value, t }: { value: boolean; t: TFunction }) {
  return value ? <span className="status-tag status-tag-yes">{t('configuration.status.yes')}</span> : dash;
}

/**
 * An entry's name; the six channels every installation starts with show in the user's language, as
 * everywhere else, with their stored name beside it (what the edit form changes).
 */
function EntryName({ name, isChannel }: { name: string; isChannel: boolean }) {
  const label = isChannel ? channelLabel(name) : name;
  return (
    <span>
      <span className="list-strong">{label}</span>
      {label !== name && <span className="list-muted"> · {name}</span>}
    </span>
  );
}

/** The spec's columns of each tab (spec 001 §2), without the actions. */
export function entryColumns<K extends ConfigurationKind>(
  kind: K,
  t: TFunction,
): TableColumnsType<ConfigurationEntry[K]> {
  const description = {
    key: 'description',
    title: t('configuration.fields.description'),
    dataIndex: 'description',
    render: (value: string | null) => value ?? dash,
  };
  const active = {
    key: 'active',
    title: t('configuration.fields.active'),
    dataIndex: 'active',
    width: 110,
    render: (value: boolean) => <StatusTag active={value} t={t} />,
  };
  const coloredName = (isChannel: boolean) => ({
    key: 'name',
    title: t('configuration.fields.name'),
    render: (_value: unknown, entry: Channel | Target) => (
      <ColorSwatch color={entry.color} label={<EntryName name={entry.name} isChannel={isChannel} />} />
    ),
  });
  const columns: Record<ConfigurationKind, TableColumnsType<never>> = {
    products: [
      {
        key: 'name',
        title: t('configuration.fields.name'),
        dataIndex: 'name',
        render: (name: string) => <span className="list-strong">{name}</span>,
      },
      description,
      active,
    ] satisfies TableColumnsType<Product>,
    channels: [
      coloredName(true),
      description,
      active,
      {
        key: 'isTimeOff',
        title: t('configuration.fields.isTimeOff'),
        dataIndex: 'isTimeOff',
        width: 110,
        render: (value: boolean) => <YesNo value={value} t={t} />,
      },
      {
        key: 'needsBudgetApproval',
        title: t('configuration.fields.needsBudgetApproval'),
        dataIndex: 'needsBudgetApproval',
        width: 170,
        render: (value: boolean) => <YesNo value={value} t={t} />,
      },
    ] satisfies TableColumnsType<Channel>,
    targets: [
      coloredName(false),
      description,
      {
        key: 'priority',
        title: t('configuration.fields.priority'),
        dataIndex: 'priority',
        width: 100,
        align: 'right',
        render: (value: number | null) => <span className="tabular">{value ?? 0}</span>,
      },
      active,
    ] satisfies TableColumnsType<Target>,
  };
  return columns[kind] as TableColumnsType<ConfigurationEntry[K]>;
}

/** Phones: the entry in one cell, its name first, then its description and flags (decision 0016). */
export function compactEntry<K extends ConfigurationKind>(
  kind: K,
  entry: ConfigurationEntry[K],
  t: TFunction,
): ReactNode {
  const color = 'color' in entry ? entry.color : null;
  const flags: ReactNode[] = [<StatusTag key="active" active={entry.active} t={t} />];
  if (kind === 'channels') {
    const channel = entry as Channel;
    if (channel.isTimeOff)
      flags.push(
        <span key="off" className="status-tag">
          {t('configuration.fields.isTimeOff')}
        </span>,
      );
    if (channel.needsBudgetApproval)
      flags.push(
        <span key="budget" className="status-tag">
          {t('configuration.fields.needsBudgetApproval')}
        </span>,
      );
  }
  if (kind === 'targets') {
    flags.push(
      <span key="priority" className="status-tag">
        {t('configuration.fields.priority')} {(entry as Target).priority}
      </span>,
    );
  }
  const name = <EntryName name={entry.name} isChannel={kind === 'channels'} />;
  return (
    <div className="compact-row">
      <span className="compact-row-text">{color === null ? name : <ColorSwatch color={color} label={name} />}</span>
      {entry.description !== null && <span className="list-muted compact-row-text">{entry.description}</span>}
      <span className="entry-flags">{flags}</span>
    </div>
  );
}

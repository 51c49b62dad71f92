import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';

export type PendingFeatureProps = { title: string; description: string };

/** A tab whose content a later version brings, saying so plainly. */
export function PendingFeature({ title, description }: PendingFeatureProps) {
  return (
    <Result
      className="pending-feature"
      icon={<ClockCircleOutlined />}
      title={title}
      subTitle={description}
      data-testid="pending-feature"
    />
  );
}

import { Typography } from 'antd';
import type { TargetColor } from '@/modules/configuration/api';
import { ColorSwatch } from '@/ui/ColorSwatch';

export type TargetValueProps = {
  /** A target's name, as doctors carry it. */
  name: string | null;
  colorOf: TargetColor;
};

/** A target with its colour swatch, or a dash. */
export function TargetValue({ name, colorOf }: TargetValueProps) {
  if (name === null || name === '') return <Typography.Text type="secondary">—</Typography.Text>;
  return <ColorSwatch color={colorOf(name)} label={name} />;
}

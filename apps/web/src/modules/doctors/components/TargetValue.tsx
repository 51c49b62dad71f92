import type { TargetColor } from '@/modules/configuration/api';
import { ColorSwatch } from '@/ui/ColorSwatch';
import '@/ui/list-rows.css';

export type TargetValueProps = {
  /** A target's name, as doctors carry it. */
  name: string | null;
  colorOf: TargetColor;
};

/** A target with its colour swatch, or a dash. */
export function TargetValue({ name, colorOf }: TargetValueProps) {
  if (name === null || name === '') return <span className="list-muted">—</span>;
  return <ColorSwatch color={colorOf(name)} label={name} />;
}

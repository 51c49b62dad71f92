import type { ReactNode } from 'react';

export type ColorSwatchProps = {
  /** A CSS colour, as configured for targets ('#1890ff'). */
  color: string;
  /** Shown after the swatch. */
  label?: ReactNode;
};

/** A small round sample of a colour, before an optional label (targets in lists and selects). */
export function ColorSwatch({ color, label }: ColorSwatchProps) {
  return (
    <span className="color-swatch-label">
      <span className="color-swatch" style={{ backgroundColor: color }} data-color={color} aria-hidden="true" />
      {label}
    </span>
  );
}

import { useId } from 'react';

export type BrandLogoProps = { size?: number };

/** The product mark (same drawing as public/favicon.svg). Decorative: the product name is always next to it. */
export function BrandLogo({ size = 40 }: BrandLogoProps) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1b63da" />
          <stop offset="1" stopColor="#0e9f8e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill={`url(#${gradientId})`} />
      <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff" />
    </svg>
  );
}

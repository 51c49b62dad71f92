import type { ReactNode } from 'react';
import { CloseCircleIcon, ExclamationCircleIcon } from '@/modules/auth/components/sign-in-icons';

export type SignInAlertProps = {
  type: 'error' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  'data-testid'?: string;
};

/**
 * antd's Alert as the sign-in page showed it (sign-in.css), without antd. An error is announced as it appears
 * (role=alert); a warning is read in its place.
 */
export function SignInAlert({ type, title, description, className, 'data-testid': testId }: SignInAlertProps) {
  const classes = [
    'sign-in-alert',
    `sign-in-alert-${type}`,
    description === undefined ? '' : 'sign-in-alert-long',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} role={type === 'error' ? 'alert' : undefined} data-testid={testId}>
      <span className="sign-in-alert-icon">{type === 'error' ? <CloseCircleIcon /> : <ExclamationCircleIcon />}</span>
      <div className="sign-in-alert-content">
        <div className="sign-in-alert-title">{title}</div>
        {description !== undefined && <div className="sign-in-alert-description">{description}</div>}
      </div>
    </div>
  );
}

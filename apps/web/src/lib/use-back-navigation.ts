import { useLocation, useNavigate } from 'react-router';

export type BackNavigationOptions = {
  /** The fallback page replaces the current entry (a form left after its save). */
  replace?: boolean;
};

/**
 * Back where the user came from (a list as it was: its search is in the address). A page opened directly
 * has no earlier entry in the app: it goes to the fallback page instead of leaving the app.
 */
export function useBackNavigation(fallbackPath: string, { replace = false }: BackNavigationOptions = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') void navigate(fallbackPath, { replace });
    else void navigate(-1);
  };
}

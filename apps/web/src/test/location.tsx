import { useLocation } from 'react-router';

/**
 * A route's stand-in that shows where the router went, "At /path?query": a test finds the navigation by its
 * text, as a user would see the next page.
 */
export function CurrentLocation() {
  const location = useLocation();
  return (
    <p data-testid="location">
      At {location.pathname}
      {location.search}
    </p>
  );
}

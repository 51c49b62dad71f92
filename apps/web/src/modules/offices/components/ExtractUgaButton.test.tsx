import type { GeoPrecision, UgaResult } from '@crm/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { ExtractUgaButton, UgaPrecisionNotice } from '@/modules/offices/components/ExtractUgaButton';
import { callsTo, jsonResponse, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';
import { signedInAsRepInEnglish } from '@/test/signed-in';

const UGA_CALL = 'GET /api/geo/uga?address=3+place+Bellecour&postal_code=69002&city=Lyon';
const ADDRESS = { address: '3 place Bellecour', postal_code: '69002', city: 'Lyon' };
const FOUND: UgaResult = { code: '69382', name: 'Lyon 2e', latitude: 45.757, longitude: 4.832, precision: 'address' };

signedInAsRepInEnglish();

/** The button with its notice, as the office form and the office's card place them. */
function ButtonWithNotice({ onExtracted }: { onExtracted: Mock<(result: UgaResult) => Promise<void>> }) {
  const [precision, setPrecision] = useState<GeoPrecision | null>(null);
  const handleExtracted = async (result: UgaResult) => {
    await onExtracted(result);
    setPrecision(result.precision);
  };
  return (
    <>
      <ExtractUgaButton getAddress={() => ADDRESS} onExtracted={handleExtracted} />
      <UgaPrecisionNotice precision={precision} />
    </>
  );
}

function renderButton() {
  const onExtracted = vi.fn((_result: UgaResult) => Promise.resolve());
  const rendered = renderRoutes([{ path: '/', element: <ButtonWithNotice onExtracted={onExtracted} /> }], '/');
  return { ...rendered, onExtracted };
}

describe('ExtractUgaButton: what the geocoding answered (decision 0017)', () => {
  it("fills the zone found from the address, without the postal code's notice", async () => {
    stubFetch({ [UGA_CALL]: () => jsonResponse(FOUND) });
    const { user, onExtracted } = renderButton();
    await user.click(screen.getByTestId('extract-uga-button'));
    expect(await screen.findByText('UGA found: 69382 - Lyon 2e')).toBeInTheDocument();
    expect(onExtracted).toHaveBeenCalledWith(FOUND);
    expect(screen.queryByTestId('uga-commune-only')).not.toBeInTheDocument();
  });

  it('fills the zone of the postal code and says so when the address API could not be reached, asking again next time', async () => {
    const fetchMock = stubFetch({ [UGA_CALL]: () => jsonResponse({ ...FOUND, precision: 'commune' }) });
    const { user, onExtracted } = renderButton();
    await user.click(screen.getByTestId('extract-uga-button'));
    expect(
      await screen.findByText('UGA found: 69382 - Lyon 2e (zone found from the postal code only)'),
    ).toBeInTheDocument();
    expect(onExtracted).toHaveBeenCalledWith({ ...FOUND, precision: 'commune' });
    expect(screen.getByTestId('uga-commune-only')).toHaveTextContent('Zone found from the postal code only');

    await user.click(screen.getByTestId('extract-uga-button'));
    await vi.waitFor(() => expect(onExtracted).toHaveBeenCalledTimes(2));
    expect(callsTo(fetchMock, UGA_CALL)).toHaveLength(2);
  });

  it.each([
    ['GEOCODING_NO_RESULT', 404, 'No results found for this address'],
    ['GEOCODING_FAILED', 502, 'Geocoding request failed'],
  ])("shows the extraction's failure with the server's message for %s", async (code, status, text) => {
    stubFetch({ [UGA_CALL]: () => jsonResponse({ code, message: text }, status) });
    const { user, onExtracted } = renderButton();
    await user.click(screen.getByTestId('extract-uga-button'));
    expect(await screen.findByText(`UGA extraction failed: ${text}`)).toBeInTheDocument();
    expect(onExtracted).not.toHaveBeenCalled();
    expect(screen.queryByTestId('uga-commune-only')).not.toBeInTheDocument();
  });
});

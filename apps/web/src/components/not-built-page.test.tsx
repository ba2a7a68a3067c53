import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { NotBuiltPage } from './not-built-page';
import { renderWithProviders } from './test-utils';

test('says the screen is not built yet and names the menu entry and component', () => {
  renderWithProviders(<NotBuiltPage name="Shipment calibration" component="system/shipment/calibration/index" />);
  const page = screen.getByTestId('not-built-page');
  expect(page).toHaveTextContent('This screen is not built yet');
  expect(page).toHaveTextContent('Menu entry: Shipment calibration');
  expect(screen.getByText('system/shipment/calibration/index').tagName).toBe('CODE');
});

import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { NotBuiltPage } from './not-built-page';
import { renderWithProviders } from './test-utils';

test('says the screen is not built yet and names the menu entry, in the reader’s words only', () => {
  renderWithProviders(<NotBuiltPage name="Shipment calibration" />);
  const page = screen.getByTestId('not-built-page');
  expect(page).toHaveTextContent('This screen is not built yet');
  expect(page).toHaveTextContent('Shipment calibration will come with a later version of the console.');
  expect(page).not.toHaveTextContent(/\//);
  expect(page.querySelector('code')).toBeNull();
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { DateRangeInput } from './date-range-input';

const picker = () => document.querySelector('.ant-picker-range');

describe('day-range field', () => {
  test('shows a plain stand-in with the picker’s wording until someone focuses it', () => {
    render(<DateRangeInput id="created" />);
    const standIn = screen.getByTestId('date-range-stand-in');
    expect(standIn).toHaveAttribute('placeholder', 'Start date → End date');
    expect(standIn).toHaveAttribute('id', 'created');
    expect(picker()).toBeNull();
  });

  test('focusing the stand-in brings the real picker, focused and open', async () => {
    render(<DateRangeInput />);
    fireEvent.focus(screen.getByTestId('date-range-stand-in'));
    await waitFor(() => expect(picker()).not.toBeNull(), { timeout: 15_000 });
    expect(screen.queryByTestId('date-range-stand-in')).toBeNull();
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
  });

  test('a field holding a value shows the picker with it at once', async () => {
    render(<DateRangeInput value={[dayjs('2025-03-01'), dayjs('2025-03-31')]} format="YYYY-MM-DD" />);
    await waitFor(() => expect(picker()).not.toBeNull(), { timeout: 15_000 });
    expect(screen.getByDisplayValue('2025-03-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2025-03-31')).toBeInTheDocument();
  });
});

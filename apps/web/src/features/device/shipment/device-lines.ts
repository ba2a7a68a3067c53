import type { ShipmentDeviceLine } from '@lightdesk/contract';

/**
 * The devices typed in the form, one a line: `uuid`, `uuid, device code` or `, device code`
 * (a tab works as the comma, as when pasted from a spreadsheet). Blank lines are skipped.
 */
export function parseDeviceLines(text: string): ShipmentDeviceLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [uuid = '', deviceCode = ''] = line.split(/[,\t;]/).map((part) => part.trim());
      return { uuid, deviceCode };
    });
}

/** The lines back as text, the way `parseDeviceLines` reads them. */
export const deviceLinesText = (lines: readonly ShipmentDeviceLine[]) => lines.map((l) => (l.deviceCode ? `${l.uuid}, ${l.deviceCode}` : l.uuid)).join('\n');

/** Fixed sample rows the gallery draws its components with: not product data, and never sent anywhere. */
export interface SampleStore {
  id: number;
  name: string;
  meshId: string;
  status: number;
  online: boolean;
  createdAt: string;
}

export const SAMPLE_STORES: SampleStore[] = [
  { id: 1, name: 'Rivoli', meshId: 'M-1001', status: 0, online: true, createdAt: '2026-03-02T09:15:00.000Z' },
  { id: 2, name: 'Opéra', meshId: 'M-1002', status: 0, online: false, createdAt: '2026-03-05T14:40:00.000Z' },
  { id: 3, name: 'Kalverstraat', meshId: 'M-1003', status: 1, online: true, createdAt: '2026-04-11T08:05:00.000Z' },
];

export const SAMPLE_HOURS = ['08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00'];
export const SAMPLE_TODAY = [12, 40, 85, 66, 92, 120, 48];
export const SAMPLE_LAST_WEEK = [10, 35, 90, 60, 80, 110, 52];

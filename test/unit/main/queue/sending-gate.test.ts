import { describe, expect, it } from 'vitest';
import {
  BATTERY_RECHECK_MS,
  ON_BATTERY_REASON,
  sendingGate,
} from '../../../../main/queue/sending-gate';
import { parseUploadSchedule } from '../../../../shared/domain/upload-hours';

const now = Date.parse('2026-11-23T10:00:00Z'); // a Monday
const base = { schedule: undefined, now, zone: 'UTC', pauseOnBattery: false, onBattery: false };

describe('sendingGate', () => {
  it('pauses on battery only when asked to', () => {
    expect(sendingGate({ ...base, onBattery: true })).toEqual({ open: true });
    expect(sendingGate({ ...base, pauseOnBattery: true })).toEqual({ open: true });
    expect(sendingGate({ ...base, pauseOnBattery: true, onBattery: true })).toEqual({
      open: false,
      opensAt: now + BATTERY_RECHECK_MS,
      reason: ON_BATTERY_REASON,
    });
  });

  it('keeps to the upload hours on mains power', () => {
    const schedule = parseUploadSchedule('Mon-Fri 18:00-07:00');
    expect(sendingGate({ ...base, schedule, pauseOnBattery: true })).toMatchObject({
      open: false,
      opensAt: Date.parse('2026-11-23T18:00:00Z'),
    });
  });
});

import { describe, expect, it } from 'vitest';
import { followPowerAndNetwork, type Repeat } from '../../../../main/desktop/power-watch';

/** A timer the test moves by hand: each `tick()` is one period gone by. */
function handTimer() {
  const ticks = new Set<() => void>();
  const periods: number[] = [];
  const repeat: Repeat = (ms, tick) => {
    periods.push(ms);
    ticks.add(tick);
    return () => ticks.delete(tick);
  };
  return { repeat, periods, tick: () => [...ticks].forEach((tick) => tick()), running: ticks };
}

/** A computer whose power source and network the test sets, and what the core heard. */
function computer(start: { onBattery: boolean; online: boolean }) {
  const now = { ...start };
  const heard: string[] = [];
  return {
    now,
    heard,
    read: { onBattery: () => now.onBattery, online: () => now.online },
    listener: {
      networkChanged: () => heard.push('network'),
      powerSourceChanged: (onBattery: boolean) => heard.push(onBattery ? 'battery' : 'mains'),
    },
  };
}

describe('following the power source and the network', () => {
  it('tells the power source at the start', () => {
    const timer = handTimer();
    const pc = computer({ onBattery: true, online: true });
    followPowerAndNetwork(pc.read, pc.listener, timer.repeat, 5000);
    expect(pc.heard).toEqual(['battery']);
    expect(timer.periods).toEqual([5000]);
  });

  it('notices a change to battery and back by polling, where no power event comes (Windows, Linux)', () => {
    const timer = handTimer();
    const pc = computer({ onBattery: false, online: true });
    followPowerAndNetwork(pc.read, pc.listener, timer.repeat);
    timer.tick();
    expect(pc.heard).toEqual(['mains']);
    pc.now.onBattery = true;
    timer.tick();
    timer.tick();
    expect(pc.heard).toEqual(['mains', 'battery']);
    pc.now.onBattery = false;
    timer.tick();
    expect(pc.heard).toEqual(['mains', 'battery', 'mains']);
  });

  it('tells a change once when the event and the poll both see it (macOS)', () => {
    const timer = handTimer();
    const pc = computer({ onBattery: false, online: true });
    const following = followPowerAndNetwork(pc.read, pc.listener, timer.repeat);
    pc.now.onBattery = true;
    following.powerEvent(true);
    timer.tick();
    following.powerEvent(true);
    expect(pc.heard).toEqual(['mains', 'battery']);
  });

  it('tells each time the network comes or goes, and nothing while it stays', () => {
    const timer = handTimer();
    const pc = computer({ onBattery: false, online: true });
    followPowerAndNetwork(pc.read, pc.listener, timer.repeat);
    timer.tick();
    pc.now.online = false;
    timer.tick();
    timer.tick();
    pc.now.online = true;
    timer.tick();
    expect(pc.heard).toEqual(['mains', 'network', 'network']);
  });

  it('stops polling when stopped', () => {
    const timer = handTimer();
    const pc = computer({ onBattery: false, online: true });
    const following = followPowerAndNetwork(pc.read, pc.listener, timer.repeat);
    following.stop();
    expect(timer.running.size).toBe(0);
  });
});
